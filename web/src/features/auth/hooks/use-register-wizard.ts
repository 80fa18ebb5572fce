import { useState } from 'react';
import { isApiError } from '@/lib/api-error.ts';
import { setSession } from '@/lib/auth-session.ts';
import { clearSignupCode, readSignupCode } from '@/lib/signup-code.ts';
import { useRegisterMutation } from '../api/auth-queries.ts';
import {
  canAdvance,
  draftErrors,
  emptyDraft,
  LAST_STEP,
  stepForField,
  toRegisterPayload,
  type ChoiceSet,
  type RegisterDraft,
  type TextField,
} from '../lib/wizard-model.ts';

export const AFTER_REGISTER_PATH = '/today?tour=checkin';

/** Wizard state: the current step, the draft, which fields were edited, and the submit call. */
export function useRegisterWizard() {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<RegisterDraft>(emptyDraft);
  const [touched, setTouched] = useState<Partial<Record<TextField, boolean>>>({});
  const [completed, setCompleted] = useState(false);
  const register = useRegisterMutation();

  const allErrors = draftErrors(draft);
  // Validated on change: a field shows its message once the user has edited it.
  const errors = Object.fromEntries(
    (Object.keys(allErrors) as TextField[]).map((field) => [field, touched[field] ? allErrors[field] : null]),
  ) as typeof allErrors;

  const updateText = (field: keyof Omit<RegisterDraft, 'choices' | 'other'>, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (field === 'name' || field === 'email' || field === 'password' || field === 'confirmPassword') {
      setTouched((current) => ({ ...current, [field]: true }));
    }
  };

  const setChoices = (set: ChoiceSet, ids: string[]) =>
    setDraft((current) => ({ ...current, choices: { ...current.choices, [set]: ids } }));

  const setOther = (set: ChoiceSet, text: string) => setDraft((current) => ({ ...current, other: { ...current.other, [set]: text } }));

  const canGoNext = canAdvance(step, draft);

  const submit = () => {
    register.mutate(toRegisterPayload(draft, readSignupCode()), {
      onSuccess: (data) => {
        clearSignupCode();
        if (data?.token && data.user) {
          // The guest-only guard takes the user on; setSession also tells other tabs.
          setSession(data.token, data.user, { redirectTo: AFTER_REGISTER_PATH });
        } else {
          setCompleted(true);
        }
      },
      onError: (error) => {
        const owner = isApiError(error) ? stepForField(error.field) : null;
        if (owner !== null && owner < step) setStep(owner);
      },
    });
  };

  /** Enter and the primary button both come here: advance, or submit on the last step. */
  const advance = () => {
    if (!canGoNext || register.isPending) return;
    if (step < LAST_STEP) {
      register.reset();
      setStep(step + 1);
    } else {
      submit();
    }
  };

  const back = () => {
    if (step > 0) setStep(step - 1);
  };

  return { step, draft, errors, canGoNext, completed, register, updateText, setChoices, setOther, advance, back };
}

export type RegisterWizard = ReturnType<typeof useRegisterWizard>;

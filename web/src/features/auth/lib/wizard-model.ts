import {
  CURRENT_BLOCK_OPTIONS,
  IDENTITY_SEGMENT_OPTIONS,
  LIFE_ARENA_OPTIONS,
  WHY_HERE_OPTIONS,
  WIZARD_STEPS,
  type RouteBody,
} from '@meld/shared';
import { confirmPasswordError, emailError, nameError, passwordError, type ValidationKey } from '@/lib/validation.ts';

/** The seven steps of spec 001 section 4, in order. */
export const STEP_IDS = ['welcome', 'personal', 'secure', 'whyHere', 'lifeArena', 'identity', 'blocks'] as const;
export type StepId = (typeof STEP_IDS)[number];
export const LAST_STEP = WIZARD_STEPS - 1;

export type ChoiceSet = 'whyHere' | 'lifeArena' | 'identitySegment' | 'currentBlock';

export const CHOICE_OPTIONS: Record<ChoiceSet, readonly string[]> = {
  whyHere: WHY_HERE_OPTIONS,
  lifeArena: LIFE_ARENA_OPTIONS,
  identitySegment: IDENTITY_SEGMENT_OPTIONS,
  currentBlock: CURRENT_BLOCK_OPTIONS,
};

/** Which choice set each choice step edits, and whether "Other" then needs its text. */
export const CHOICE_STEPS: Partial<Record<StepId, { set: ChoiceSet; otherTextRequired: boolean }>> = {
  whyHere: { set: 'whyHere', otherTextRequired: false },
  lifeArena: { set: 'lifeArena', otherTextRequired: true },
  identity: { set: 'identitySegment', otherTextRequired: true },
  blocks: { set: 'currentBlock', otherTextRequired: false },
};

export interface RegisterDraft {
  name: string;
  city: string;
  state: string;
  birthday: string;
  email: string;
  password: string;
  confirmPassword: string;
  choices: Record<ChoiceSet, string[]>;
  other: Record<ChoiceSet, string>;
}

export const emptyDraft = (): RegisterDraft => ({
  name: '',
  city: '',
  state: '',
  birthday: '',
  email: '',
  password: '',
  confirmPassword: '',
  choices: { whyHere: [], lifeArena: [], identitySegment: [], currentBlock: [] },
  other: { whyHere: '', lifeArena: '', identitySegment: '', currentBlock: '' },
});

export type TextField = 'name' | 'email' | 'password' | 'confirmPassword';

/** Field errors of spec 001 section 5, for every validated field regardless of what was touched. */
export function draftErrors(draft: RegisterDraft): Record<TextField, ValidationKey | null> {
  return {
    name: nameError(draft.name),
    email: emailError(draft.email),
    password: passwordError(draft.password),
    confirmPassword: confirmPasswordError(draft.confirmPassword, draft.password),
  };
}

/** The per-step Next rule (spec 001 section 4). */
export function canAdvance(step: number, draft: RegisterDraft): boolean {
  const id = STEP_IDS[step];
  const errors = draftErrors(draft);
  switch (id) {
    case 'welcome':
      return errors.name === null;
    case 'personal':
      return true;
    case 'secure':
      return Boolean(draft.email && draft.password && draft.confirmPassword) && !errors.email && !errors.password && !errors.confirmPassword;
    default: {
      const choice = id ? CHOICE_STEPS[id] : undefined;
      if (!choice) return false;
      const selected = draft.choices[choice.set];
      if (selected.length === 0) return false;
      return !(choice.otherTextRequired && selected.includes('other') && !draft.other[choice.set].trim());
    }
  }
}

/** Comma-joined ids in option order; "other" is replaced by the user's own text when given. */
export function joinChoices(draft: RegisterDraft, set: ChoiceSet): string {
  const selected = new Set(draft.choices[set]);
  return CHOICE_OPTIONS[set]
    .filter((id) => selected.has(id))
    .map((id) => (id === 'other' ? draft.other[set].trim() || 'other' : id))
    .join(',');
}

export function toRegisterPayload(draft: RegisterDraft, signupCode: string | null): RouteBody<'register'> {
  return {
    name: draft.name.trim(),
    city: draft.city.trim(),
    state: draft.state.trim(),
    birthday: draft.birthday,
    email: draft.email.trim(),
    password: draft.password,
    confirm_password: draft.confirmPassword,
    ...(signupCode ? { signup_code: signupCode } : {}),
    whyHere: joinChoices(draft, 'whyHere'),
    lifeArena: joinChoices(draft, 'lifeArena'),
    identitySegment: joinChoices(draft, 'identitySegment'),
    currentBlock: joinChoices(draft, 'currentBlock'),
  };
}

/** The step that owns a field the server rejected, so the wizard can take the user back to it. */
export function stepForField(field: string | undefined): number | null {
  const map: Record<string, StepId> = {
    name: 'welcome',
    city: 'personal',
    state: 'personal',
    birthday: 'personal',
    email: 'secure',
    password: 'secure',
    confirm_password: 'secure',
    whyHere: 'whyHere',
    lifeArena: 'lifeArena',
    identitySegment: 'identity',
    currentBlock: 'blocks',
  };
  const id = field ? map[field.split('.')[0] ?? ''] : undefined;
  return id ? STEP_IDS.indexOf(id) : null;
}

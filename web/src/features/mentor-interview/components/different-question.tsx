import { MENTOR_INTERVIEW_LIMITS, type MentorResponse } from '@meld/shared';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { inputClasses } from '@/components/ui/input.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useDifferentQuestion } from '../hooks/use-different-question.ts';

interface Props {
  token: string;
  step: number;
  response: MentorResponse;
}

/** The Different Question link, its optional reason, the asks left for this step and the failures. */
export function DifferentQuestion({ token, step, response }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { request, pending, error, clearError } = useDifferentQuestion(token, step, response);
  const left = response.different_questions_left;

  const openDialog = () => {
    clearError();
    setOpen(true);
  };

  const submit = async () => {
    const replaced = await request(reason);
    setOpen(false);
    if (replaced) setReason('');
  };

  return (
    <div className="flex flex-col items-center gap-2 text-center">
      {left > 0 ? (
        <>
          <Button variant="quiet" size="sm" onClick={openDialog}>
            {t('mentorInterview.different.link')}
          </Button>
          <p className="text-xs text-ink-faint">{t('mentorInterview.different.left', { count: left })}</p>
        </>
      ) : (
        <p className="text-xs text-ink-faint">{t('mentorInterview.different.none')}</p>
      )}
      {error ? (
        <Alert className="w-full text-left">
          {error.message}
          {error.refresh ? (
            <Button variant="quiet" size="sm" className="ml-2 h-auto!" onClick={() => window.location.reload()}>
              {t('mentorInterview.different.refresh')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <Modal open={open} onOpenChange={(next) => !pending && setOpen(next)} title={t('mentorInterview.different.title')} description={t('mentorInterview.different.body')}>
        <form
          className="flex flex-col gap-4 px-6 pb-6"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className="mt-2 flex flex-col gap-2 text-sm font-medium text-ink">
            <span>
              {t('mentorInterview.different.reasonLabel')} <span className="font-normal text-ink-faint">({t('optional')})</span>
            </span>
            <textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={MENTOR_INTERVIEW_LIMITS.rejectionReasonMax}
              className={inputClasses(false, 'h-auto! min-h-24 resize-y py-3 font-normal')}
            />
          </label>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={pending}>
              {t('mentorInterview.different.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('mentorInterview.different.submit')}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}

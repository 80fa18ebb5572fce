import { MENTOR_INTERVIEW_STAGE_COUNT } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, Navigate } from 'react-router-dom';
import { profileQuery, responseQuery } from '../api/interview-api.ts';
import { AnswerCard } from '../components/answer-card.tsx';
import { InterviewLayout, InterviewLoading, InterviewProblem } from '../components/interview-layout.tsx';
import { ProgressDots } from '../components/progress-dots.tsx';
import { useApprove } from '../hooks/use-approve.ts';
import { useInterviewParams } from '../hooks/use-interview-params.ts';
import { interviewErrorText } from '../lib/interview-errors.ts';
import { interviewPath } from '../lib/token.ts';

/** /mentor-interview/:token/question/:step, step 1 to 6. */
export function Component() {
  const { t } = useTranslation();
  const { token, step, search } = useInterviewParams();
  if (!token) return <InterviewProblem message={t('mentorInterview.errors.invalidLink')} />;
  if (!step) return <Navigate to={`${interviewPath.start(token)}${search}`} replace />;
  return <QuestionPage key={step} token={token} step={step} search={search} />;
}

function QuestionPage({ token, step, search }: { token: string; step: number; search: string }) {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery(token));
  // A submitted interview's answers are closed (403): no need to ask once the profile says it is done.
  const response = useQuery({ ...responseQuery(token, step), enabled: profile.data?.completed !== true });
  const { approve, approving } = useApprove(token, step, response.data, search);
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = profile.isSuccess && response.isSuccess;
  // Each step starts at its question, for sighted and screen reader users alike.
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  // A submitted interview's questions answer 403; the profile says it is done, so wait for it and thank them.
  if (profile.data?.completed) return <Navigate to={`${interviewPath.complete(token)}${search}`} replace />;
  if (profile.isError) return <InterviewProblem message={interviewErrorText(profile.error)} />;
  if (response.isError && profile.isSuccess) return <InterviewProblem message={interviewErrorText(response.error, 'question')} />;
  if (!ready) return <InterviewLoading label={t('mentorInterview.question.loading')} />;

  const back = step === 1 ? interviewPath.start(token) : interviewPath.question(token, step - 1);
  const { question, preamble, supporting_text: supporting } = response.data;

  return (
    <InterviewLayout>
      <div className="flex animate-slide-up flex-col gap-8">
        <div className="flex items-center justify-between gap-4">
          <ProgressDots step={step} />
          <Link to={`${back}${search}`} className="rounded-md text-sm font-medium text-ink-soft underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-focus">
            <span aria-hidden="true">← </span>
            {t('mentorInterview.question.goBack')}
          </Link>
        </div>
        <header className="flex flex-col gap-4">
          {preamble ? <p className="text-lg leading-relaxed whitespace-pre-line text-ink-soft">{preamble}</p> : null}
          <h1 ref={heading} tabIndex={-1} className="text-3xl leading-snug font-semibold text-ink outline-none sm:text-4xl">
            <span className="sr-only">{t('mentorInterview.question.progress', { step: String(step), total: String(MENTOR_INTERVIEW_STAGE_COUNT) })}: </span>
            {question}
          </h1>
          {supporting ? <p className="border-l-2 border-accent/60 pl-4 text-ink-soft">{supporting}</p> : null}
        </header>
        <AnswerCard token={token} step={step} response={response.data} profile={profile.data} approving={approving} onApprove={(answer) => void approve(answer)} />
      </div>
    </InterviewLayout>
  );
}

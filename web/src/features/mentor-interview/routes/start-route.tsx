import { MENTOR_INTERVIEW_STAGE_COUNT } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, Navigate } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button.tsx';
import { introQuery, profileQuery } from '../api/interview-api.ts';
import { InterviewLayout, InterviewLoading, InterviewProblem } from '../components/interview-layout.tsx';
import { useInterviewParams } from '../hooks/use-interview-params.ts';
import { interviewErrorText } from '../lib/interview-errors.ts';
import { interviewPath } from '../lib/token.ts';

/** /mentor-interview/:token/start: the welcome (spec 001 section 2). */
export function Component() {
  const { t } = useTranslation();
  const { token } = useInterviewParams();
  if (!token) return <InterviewProblem message={t('mentorInterview.errors.invalidLink')} />;
  return <Welcome token={token} />;
}

function Welcome({ token }: { token: string }) {
  const { t } = useTranslation();
  const { search } = useInterviewParams();
  const profile = useQuery(profileQuery(token));
  const intro = useQuery({ ...introQuery(token), enabled: profile.isSuccess && !profile.data.completed });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [profile.isSuccess]);

  if (profile.isPending) return <InterviewLoading label={t('mentorInterview.loading')} />;
  if (profile.isError) return <InterviewProblem message={interviewErrorText(profile.error)} />;
  // Back at their link after submitting: the thank-you and their summary, not the welcome.
  if (profile.data.completed) return <Navigate to={`${interviewPath.complete(token)}${search}`} replace />;

  const { firstName, resumeStage } = profile.data;
  const resuming = resumeStage > 1;
  const next = resumeStage > MENTOR_INTERVIEW_STAGE_COUNT ? interviewPath.complete(token) : interviewPath.question(token, resuming ? resumeStage : 1);
  // Voice is offered only where the server can transcribe it (the same flag the answer card reads).
  const fallback = profile.data.transcriptionAvailable ? t('mentorInterview.welcome.defaultIntro') : t('mentorInterview.welcome.defaultIntroWriting');
  const introduction = intro.data?.introduction.trim() || (intro.isPending ? null : fallback);

  return (
    <InterviewLayout>
      <article className="flex animate-slide-up flex-col gap-6">
        <p className="text-sm font-medium text-accent">{t('mentorInterview.welcome.time')}</p>
        <h1 ref={heading} tabIndex={-1} className="text-4xl leading-tight font-semibold text-ink outline-none sm:text-5xl">
          {t('mentorInterview.welcome.greeting', { name: firstName.trim() || t('mentorInterview.welcome.there') })}
        </h1>
        <div aria-live="polite" aria-busy={introduction === null}>
          {introduction === null ? (
            <div className="flex flex-col gap-2" aria-label={t('mentorInterview.welcome.introLoading')} role="status">
              <span className="h-4 w-full animate-pulse rounded bg-sunken" />
              <span className="h-4 w-11/12 animate-pulse rounded bg-sunken" />
              <span className="h-4 w-3/4 animate-pulse rounded bg-sunken" />
            </div>
          ) : (
            introduction.split(/\n\s*\n/).map((paragraph, index) => (
              <p key={index} className="mb-3 text-lg leading-relaxed whitespace-pre-line text-ink-soft">
                {paragraph}
              </p>
            ))
          )}
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Link to={`${next}${search}`} className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
            {resuming ? t('mentorInterview.welcome.resume') : t('mentorInterview.welcome.ready')}
          </Link>
        </div>
        <p className="flex gap-2 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-ink-soft">
          <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-accent" fill="none" stroke="currentColor" strokeWidth="1.7" aria-hidden="true">
            <path d="M5.5 3.5h9v13l-4.5-3-4.5 3z" strokeLinejoin="round" />
          </svg>
          {t('mentorInterview.welcome.bookmark')}
        </p>
      </article>
    </InterviewLayout>
  );
}

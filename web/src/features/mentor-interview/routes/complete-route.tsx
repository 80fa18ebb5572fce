import { STORAGE_KEYS } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { local } from '@/lib/storage.ts';
import { generateInsights, interviewKeys } from '../api/interview-api.ts';
import { InsightsText } from '../components/insights-text.tsx';
import { InterviewLayout, InterviewLoading, InterviewProblem } from '../components/interview-layout.tsx';
import { useInterviewParams } from '../hooks/use-interview-params.ts';
import { interviewErrorText } from '../lib/interview-errors.ts';

/** /mentor-interview/:token/complete: the insights and a thank-you (spec 001 sections 2 and 4). */
export function Component() {
  const { t } = useTranslation();
  const { token } = useInterviewParams();
  if (!token) return <InterviewProblem message={t('mentorInterview.errors.summaryNoToken')} />;
  return <Complete token={token} />;
}

/** The insights the last approval kept in local storage, if any. */
function storedInsights(): string | null {
  const raw = local.get(STORAGE_KEYS.mentorInsights);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { insights?: unknown };
    return typeof parsed.insights === 'string' && parsed.insights.trim() ? parsed.insights : null;
  } catch {
    return null;
  }
}

function Complete({ token }: { token: string }) {
  const { t } = useTranslation();
  const [stored] = useState(storedInsights);
  // Kept only for the hand-over; a reload reads the stored insights from the server.
  useEffect(() => local.remove(STORAGE_KEYS.mentorInsights), []);
  const insights = useQuery({
    queryKey: [...interviewKeys.all(token), 'insights'],
    queryFn: () => generateInsights(token),
    enabled: stored === null,
    retry: false,
    staleTime: Infinity,
    meta: { toastOnError: false },
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const text = stored ?? insights.data?.insights ?? null;
  useEffect(() => {
    if (text !== null) heading.current?.focus();
  }, [text]);

  if (text === null && insights.isError) {
    return (
      <InterviewProblem message={interviewErrorText(insights.error, 'summary')}>
        <Button onClick={() => window.location.reload()}>{t('mentorInterview.complete.tryAgain')}</Button>
      </InterviewProblem>
    );
  }
  if (text === null) return <InterviewLoading label={t('mentorInterview.complete.loading')} />;

  return (
    <InterviewLayout>
      <article className="flex animate-slide-up flex-col gap-8">
        <header className="flex flex-col gap-3">
          <h1 ref={heading} tabIndex={-1} className="text-4xl font-semibold text-ink outline-none sm:text-5xl">
            {t('mentorInterview.complete.title')}
          </h1>
          <p className="text-lg leading-relaxed text-ink-soft">{t('mentorInterview.complete.thanks')}</p>
        </header>
        <section aria-labelledby="insights-title" className="rounded-3xl border border-line bg-surface p-6 shadow-soft sm:p-8">
          <h2 id="insights-title" className="mb-4 text-2xl font-semibold text-ink">
            {t('mentorInterview.complete.insightsTitle')}
          </h2>
          <InsightsText text={text} />
        </section>
      </article>
    </InterviewLayout>
  );
}

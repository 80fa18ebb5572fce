import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Alert } from '@/components/ui/alert.tsx';
import { Logo } from '@/components/ui/logo.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/** The interview's own quiet page: the mark, one narrow column, no app chrome (mentors have no account). */
export function InterviewLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="flex items-center justify-between px-5 pt-5 sm:px-8 sm:pt-7">
        <Logo />
        <span className="text-xs font-medium tracking-[0.14em] text-ink-faint uppercase">{t('mentorInterview.pageTitle')}</span>
      </header>
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-5 pt-8 pb-16 sm:px-8 sm:pt-14">{children}</main>
    </div>
  );
}

/** A page that cannot go on: the spec's message, and whatever way forward the page offers. */
export function InterviewProblem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <InterviewLayout>
      <div className="flex animate-slide-up flex-col items-center gap-5 pt-6 text-center">
        <Alert className="w-full text-left">{message}</Alert>
        {children}
      </div>
    </InterviewLayout>
  );
}

export function InterviewLoading({ label }: { label: string }) {
  return (
    <InterviewLayout>
      <div className="grid flex-1 place-items-center py-24 text-2xl text-accent">
        <Spinner label={label} />
      </div>
    </InterviewLayout>
  );
}

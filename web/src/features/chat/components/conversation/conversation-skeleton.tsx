import { useTranslation } from '@/lib/use-translation.ts';

const bar = 'rounded-md bg-sunken motion-safe:animate-pulse';

/**
 * The conversation page's layout while its code or data loads: the header's space (title and
 * date line) and a few message shapes, so the page does not flash empty and the title does not
 * push the messages down when it arrives (issue 25).
 */
export function ConversationSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col px-4 sm:px-8" data-testid="conversation-skeleton">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden="true">
        <div className="mb-8 border-b border-line pt-4 pb-6 sm:pt-8">
          <div className={`my-1 h-[1.875rem] w-2/3 sm:h-9 ${bar}`} />
          {/* The date line holds the bookmark chips, taller than its text. */}
          <div className={`mt-3 h-8 w-48 ${bar}`} />
        </div>
        <div className="flex flex-col gap-8">
          <div className={`h-12 w-1/2 self-end rounded-2xl ${bar}`} />
          <div className="flex flex-col gap-2">
            <div className={`h-4 w-24 ${bar}`} />
            <div className={`h-4 w-full ${bar}`} />
            <div className={`h-4 w-5/6 ${bar}`} />
            <div className={`h-4 w-2/3 ${bar}`} />
          </div>
          <div className={`h-12 w-2/5 self-end rounded-2xl ${bar}`} />
        </div>
      </div>
    </div>
  );
}

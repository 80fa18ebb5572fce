import clsx from 'clsx';
import { useDeferredValue, useMemo } from 'react';
import { cleanBannerHtml } from '@/components/banner/clean-banner-html.ts';

/** Links and emphasis look as they do in the banner bar above the app. */
const messageClasses = 'leading-relaxed [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5';

/** A banner message rendered through the same sanitiser as the banner bar; typing stays smooth while it re-renders. */
export function BannerMessage({ html, className }: { html: string; className?: string }) {
  const deferred = useDeferredValue(html);
  const clean = useMemo(() => cleanBannerHtml(deferred), [deferred]);
  return <div className={clsx('min-w-0 text-sm break-words', messageClasses, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}

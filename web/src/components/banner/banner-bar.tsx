import { useMemo } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { CloseButton } from '../ui/close-button.tsx';
import { cleanBannerHtml } from './clean-banner-html.ts';

export interface BannerBarProps {
  html: string;
  onDismiss: () => void;
}

/** Its own chunk (loaded by `useBannerNotice`): DOMPurify loads only when there is a banner to show. */
export default function BannerBar({ html, onDismiss }: BannerBarProps) {
  const { t } = useTranslation();
  const clean = useMemo(() => cleanBannerHtml(html), [html]);
  return (
    <div role="region" aria-label={t('banner.label')} className="animate-fade-in border-b border-sand/40 bg-warning-soft text-ink">
      <div className="mx-auto flex max-w-5xl items-start gap-3 px-4 py-2.5 text-sm">
        <div
          className="min-w-0 flex-1 py-1.5 leading-relaxed [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2"
          dangerouslySetInnerHTML={{ __html: clean }}
        />
        <CloseButton label={t('banner.dismiss')} onClick={onDismiss} className="size-8 hover:bg-sand/20" />
      </div>
    </div>
  );
}

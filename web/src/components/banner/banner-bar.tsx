import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface BannerBarProps {
  html: string;
  onDismiss: () => void;
}

/** Its own chunk: DOMPurify loads only when there is a banner to show, and the bar appears whole. */
export default function BannerBar({ html, onDismiss }: BannerBarProps) {
  const { t } = useTranslation();
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] }), [html]);
  return (
    <div role="region" aria-label={t('banner.label')} className="animate-fade-in border-b border-sand/40 bg-warning-soft text-ink">
      <div className="mx-auto flex max-w-5xl items-start gap-3 px-4 py-2.5 text-sm">
        <div
          className="min-w-0 flex-1 py-1.5 leading-relaxed [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2"
          dangerouslySetInnerHTML={{ __html: clean }}
        />
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('banner.dismiss')}
          className="grid size-8 shrink-0 place-items-center rounded-lg text-ink-soft hover:bg-sand/20 hover:text-ink"
        >
          <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true">
            <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}

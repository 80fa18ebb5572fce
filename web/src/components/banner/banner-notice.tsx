import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanner } from '@/lib/config-queries.ts';
import { readDismissedBanners, rememberDismissedBanner } from './dismissed-banners.ts';

const BannerHtml = lazy(() => import('./banner-html.tsx'));

/** The server's announcement banner (HTML, sanitised); dismissed ids are remembered locally. */
export function BannerNotice() {
  const { t } = useTranslation();
  const { data: banner } = useBanner();
  const [dismissed, setDismissed] = useState(readDismissedBanners);

  if (!banner || dismissed.includes(banner.bannerId)) return null;

  const dismiss = () => {
    rememberDismissedBanner(banner.bannerId);
    setDismissed((ids) => [...ids, banner.bannerId]);
  };

  return (
    <div role="region" aria-label={t('banner.label')} className="border-b border-sand/40 bg-warning-soft text-ink">
      <div className="mx-auto flex max-w-5xl items-start gap-3 px-4 py-2.5 text-sm">
        <div className="min-w-0 flex-1 py-1 leading-relaxed">
          <Suspense fallback={null}>
            <BannerHtml html={banner.message} />
          </Suspense>
        </div>
        <button
          type="button"
          onClick={dismiss}
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

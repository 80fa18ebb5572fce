import { lazy, Suspense, useState } from 'react';
import { useBanner } from '@/lib/config-queries.ts';
import { readDismissedBanners, rememberDismissedBanner } from './dismissed-banners.ts';

const BannerBar = lazy(() => import('./banner-bar.tsx'));

/**
 * The server's announcement banner (HTML, sanitised); dismissed ids are remembered locally. The
 * server only answers banners inside their display window; one that ends while cached hides too.
 */
export function BannerNotice() {
  const { data: banner } = useBanner();
  const [dismissed, setDismissed] = useState(readDismissedBanners);

  if (!banner || dismissed.includes(banner.bannerId) || hasEnded(banner.displayTo)) return null;

  const dismiss = () => {
    rememberDismissedBanner(banner.bannerId);
    setDismissed((ids) => [...ids, banner.bannerId]);
  };

  return (
    <Suspense fallback={null}>
      <BannerBar html={banner.message} onDismiss={dismiss} />
    </Suspense>
  );
}

function hasEnded(displayTo: string | null): boolean {
  return displayTo !== null && Date.parse(displayTo) <= Date.now();
}

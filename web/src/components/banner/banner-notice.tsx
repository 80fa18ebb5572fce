import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { bannerQuery, useBanner } from '@/lib/config-queries.ts';
import type { BannerBarProps } from './banner-bar.tsx';
import { readDismissedBanners, rememberDismissedBanner } from './dismissed-banners.ts';

/**
 * How long a page waits for the banner before it shows without it. A banner that comes later
 * still appears, and then pushes the page down once.
 */
export const BANNER_WAIT_MS = 3_000;

type Bar = ComponentType<BannerBarProps>;

// Its own chunk: DOMPurify loads only when there is a banner to show. Kept here once loaded, so
// later pages render the bar at once instead of suspending.
let loadedBar: Bar | null = null;
let loadingBar: Promise<Bar> | null = null;
const loadBar = () => (loadingBar ??= import('./banner-bar.tsx').then((module) => (loadedBar = module.default)));

export interface BannerNotice {
  /** The bar to render above the page, or null. */
  notice: ReactNode;
  /**
   * False while the banner may still arrive. A layout mounts its page once it is true: a bar that
   * appeared under the pointer pushed the page down between a press and its release, so the
   * click landed on nothing. `prefetchBanner` starts the wait with the session, before any layout.
   */
  settled: boolean;
}

/**
 * The server's announcement banner (HTML, sanitised) for who is looking; dismissed ids are
 * remembered locally. The server only answers banners inside their display window; one that ends
 * while cached hides too.
 */
export function useBannerNotice(): BannerNotice {
  const { data: banner, isPending } = useBanner();
  const [dismissed, setDismissed] = useState(readDismissedBanners);
  const [Bar, setBar] = useState<Bar | null>(() => loadedBar);
  const [barFailed, setBarFailed] = useState(false);
  const [waited, setWaited] = useState(false);
  const [settled, setSettled] = useState(false);

  const shown = banner && !dismissed.includes(banner.bannerId) && !hasEnded(banner.displayTo) ? banner : null;
  const needsBar = shown !== null && Bar === null;

  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(true), BANNER_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!needsBar) return;
    let live = true;
    loadBar().then(
      (loaded) => live && setBar(() => loaded),
      () => live && setBarFailed(true),
    );
    return () => {
      live = false;
    };
  }, [needsBar]);

  const dismiss = (bannerId: string) => {
    rememberDismissedBanner(bannerId);
    setDismissed((ids) => [...ids, bannerId]);
  };

  // Once shown, a page stays shown: a later fetch for another audience never hides it again.
  if (!settled && (waited || (!isPending && (!needsBar || barFailed)))) setSettled(true);

  return { notice: shown && Bar ? <Bar html={shown.message} onDismiss={() => dismiss(shown.bannerId)} /> : null, settled };
}

/**
 * Asks for the banner (and its bar's chunk when there is one) as soon as the session is known, so a
 * layout that waits for it rarely waits at all.
 */
export async function prefetchBanner(queryClient: QueryClient, signedIn: boolean): Promise<void> {
  const banner = await queryClient.fetchQuery(bannerQuery(signedIn ? 'members' : 'public')).catch(() => null);
  if (banner && !hasEnded(banner.displayTo)) await loadBar().catch(() => undefined);
}

function hasEnded(displayTo: string | null): boolean {
  return displayTo !== null && Date.parse(displayTo) <= Date.now();
}

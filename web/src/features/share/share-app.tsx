import { HTML_ENTRIES } from '@meld/shared';
import { useEffect } from 'react';
import { SharePage } from './components/share-page.tsx';

const SHARE_PREFIX = HTML_ENTRIES.find((entry) => entry.file === '/share.html')?.prefix ?? '/share/';

/** The share id of a /share/<id> path, decoded as the router decodes a parameter; '' when malformed. */
export function shareIdFromPath(pathname: string): string {
  if (!pathname.startsWith(SHARE_PREFIX)) return '';
  try {
    return decodeURIComponent(pathname.slice(SHARE_PREFIX.length));
  } catch {
    return '';
  }
}

/** The share entry's page: the shared conversation the address names, with no router around it. */
export function ShareApp({ pathname }: { pathname: string }) {
  // Marks the address on screen once rendered, as the app's root layout does, for tools that follow it (the e2e checks).
  useEffect(() => {
    document.documentElement.dataset.location = `${window.location.pathname}${window.location.search}`;
  }, []);
  return <SharePage shareId={shareIdFromPath(pathname)} />;
}

import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router-dom';
import { DEFAULT_APP_TITLE } from '@meld/shared';
import { useStartupConfig } from '@/lib/config-queries.ts';

/**
 * Where ScrollRestoration keeps a page's scroll position. Every page opened by its address (a link
 * from outside, a typed URL, a reload) has the history key "default", so keyed by that alone the
 * next page opened so would start where the last one was scrolled to: those go by their URL.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** Sets the page title from the configured app title (default "Meld") on every page. */
export function RootLayout() {
  const { data: config } = useStartupConfig();
  const title = config?.appTitle || DEFAULT_APP_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);

  // The address on screen, once the router has rendered it: the browser's address changes before
  // a lazily loaded page is there, so tools that follow the app (the e2e page checks) wait for this.
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.location = `${pathname}${search}`;
  }, [pathname, search]);

  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

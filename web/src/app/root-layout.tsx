import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { DEFAULT_APP_TITLE } from '@meld/shared';
import { useStartupConfig } from '@/lib/config-queries.ts';

/** Sets the page title from the configured app title (default "Meld") on every page. */
export function RootLayout() {
  const { data: config } = useStartupConfig();
  const title = config?.appTitle || DEFAULT_APP_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

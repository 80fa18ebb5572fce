import { DEFAULT_APP_TITLE } from '@meld/shared';
import { useEffect } from 'react';
import { useStartupConfig } from '@/lib/config-queries.ts';

/** "Title | App" while the page is open; the app title alone again when it closes (spec 000 section 2). */
export function useDocumentTitle(title: string | undefined) {
  const config = useStartupConfig();
  const appTitle = config.data?.appTitle || DEFAULT_APP_TITLE;
  useEffect(() => {
    document.title = [title?.trim(), appTitle].filter(Boolean).join(' | ');
    return () => {
      document.title = appTitle;
    };
  }, [title, appTitle]);
}

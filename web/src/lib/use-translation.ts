import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';

export interface Translation {
  /** The strings in the page's language; a new function when the language changes, so memoised text follows. */
  t: TFunction<'translation'>;
  i18n: typeof i18n;
}

/**
 * The app's one way to read its strings in a component, re-rendering it when the language changes.
 *
 * Not react-i18next's hook: on every mount that one copied the i18next instance's forty property
 * descriptors into a wrapper object (for the React Compiler, which the app does not use) and
 * subscribed to i18next's events, and on every render it rebuilt its options. A conversation's
 * first draw mounts a few hundred components that read strings: the wrappers alone took 17 ms of
 * it, traced at 1.5x CPU (issue 25 §7). Here every component shares one snapshot and one
 * subscription. The strings parts added later (locale-parts.ts) need no re-render, as with
 * react-i18next's defaults: they are added before the route that shows them renders.
 */
let current: Translation = snapshot();
const listeners = new Set<() => void>();

function snapshot(): Translation {
  return { t: i18n.getFixedT(i18n.language, 'translation'), i18n };
}

i18n.on('languageChanged', () => {
  current = snapshot();
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => current;

export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, read, read);
}

import type { Fragment, ThemeCluster } from '@meld/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { fragmentsQuery, themesQuery, useDeleteFragment, usePinFragment, usePinToWins, useUpdateFragment } from '../api/fragments-queries.ts';
import { CapturePanel, type CaptureKind } from '../components/capture-panel.tsx';
import { FragmentPreview } from '../components/fragment-preview.tsx';
import { FragmentsTabs, type FragmentsTab } from '../components/fragments-tabs.tsx';
import { InboxPanel } from '../components/inbox-panel.tsx';
import { QuickFragmentDialog } from '../components/quick-fragment-dialog.tsx';
import { ThemesPanel } from '../components/themes-panel.tsx';
import { VoiceNoteDialog } from '../components/voice-note-dialog.tsx';
import { WeaveDialog } from '../components/weave-dialog.tsx';
import { WebClipDialog } from '../components/web-clip-dialog.tsx';
import { useCaptureParam } from '../hooks/use-capture-param.ts';
import { useFragmentSelection } from '../hooks/use-fragment-selection.ts';
import { useLinkParams } from '../hooks/use-link-params.ts';
import { useFragmentsShortcuts } from '../lib/use-fragments-shortcuts.ts';

/** Search runs on the server; it waits for the typing to settle. */
export const SEARCH_DEBOUNCE_MS = 300;

type Dialog = CaptureKind | 'delete' | null;

/** The inbox opens unsearched and unfiltered. */
const OPENING_INBOX = { q: '', clusterId: null };

/** Asks for the inbox's first page as the session is restored (route-data-preload.ts). */
export function loader(): null {
  return preloadWhenSignedIn((queryClient) => void queryClient.prefetchInfiniteQuery(fragmentsQuery(OPENING_INBOX)));
}

/** Nothing in the address changes what the loader asks for: it runs once per visit. */
export const shouldRevalidate = revalidateOnSearch();

/** /fragments (spec 002 sections 2 and 4): capture on the left, the inbox or themes in the centre, the preview on the right. */
export function Component() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FragmentsTab>('inbox');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [theme, setTheme] = useState<ThemeCluster | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [weaving, setWeaving] = useState<readonly Fragment[]>([]);
  const list = useInfiniteQuery(fragmentsQuery({ q, clusterId: theme?.id ?? null }));
  const themes = useQuery({ ...themesQuery(), enabled: tab === 'themes' });
  const shown = useMemo(() => list.data?.pages.flatMap((page) => page.fragments) ?? [], [list.data]);
  const { selection, selectedIds, previewed, previewId, setPreviewId, toggle, forget, clear, reveal } = useFragmentSelection(shown);
  const update = useUpdateFragment();
  const pin = usePinFragment();
  const remove = useDeleteFragment();
  const pinToWins = usePinToWins();

  const openCapture = useCallback((kind: CaptureKind) => setDialog(kind), []);
  useCaptureParam(openCapture);
  useLinkParams(shown, !list.isPending, reveal);

  const weave = (fragments: readonly Fragment[]) => {
    if (fragments.length > 0) setWeaving(fragments);
  };

  useFragmentsShortcuts(
    {
      onInbox: () => setTab('inbox'),
      onThemes: () => setTab('themes'),
      onWeave: () => weave(selection.length > 0 ? selection : previewed ? [previewed] : []),
      onEscape: clear,
    },
    dialog === null && weaving.length === 0,
  );

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const captured = (id: string) => {
    setTab('inbox');
    setPreviewId(id);
  };

  const openTheme = (next: ThemeCluster) => {
    setTheme(next);
    setTab('inbox');
    clear();
  };

  const backToThemes = () => {
    setTheme(null);
    setTab('themes');
  };

  const confirmDelete = () => {
    if (!previewed) return;
    const { id } = previewed;
    remove.mutate(id, { onSuccess: () => (setDialog(null), forget(id)) });
  };

  return (
    <div className="@container mx-auto w-full max-w-[96rem] px-4 pt-2 pb-16 sm:px-6">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-5 @4xl:grid-cols-[minmax(0,1fr)_20rem] @4xl:grid-rows-[auto_auto_1fr] @6xl:grid-cols-[14rem_minmax(0,1fr)_22rem] @6xl:grid-rows-[auto_1fr] @6xl:gap-x-8">
        <header className="min-w-0 @4xl:col-start-1 @4xl:row-start-1 @6xl:col-start-2">
          <h1 id="fragments-title" className="font-serif text-4xl leading-tight font-semibold text-ink">
            {t('fragments.title')}
          </h1>
          <p className="mt-1 text-lg text-ink-soft">{t('fragments.subtitle')}</p>
        </header>

        <aside aria-label={t('fragments.panels.capture')} className="min-w-0 @4xl:col-start-1 @4xl:row-start-2 @6xl:sticky @6xl:top-20 @6xl:row-span-2 @6xl:row-start-1 @6xl:self-start">
          <CapturePanel onCapture={openCapture} />
        </aside>

        <section aria-labelledby="fragments-title" className="min-w-0 @4xl:col-start-1 @4xl:row-start-3 @6xl:col-start-2 @6xl:row-start-2">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <FragmentsTabs tab={tab} onChange={setTab} />
            <Input
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setTab('inbox');
              }}
              placeholder={t('fragments.search.placeholder')}
              aria-label={t('fragments.search.label')}
              className="h-11 sm:flex-1"
            />
          </div>
          <div className="mt-6">
            {tab === 'inbox' ? (
              <InboxPanel
                list={list}
                fragments={shown}
                searching={q !== ''}
                theme={theme}
                selectedIds={selectedIds}
                previewId={previewId}
                onBackToThemes={backToThemes}
                onClearSearch={() => setSearch('')}
                onCapture={() => setDialog('quick')}
                onPreview={setPreviewId}
                onToggleSelect={toggle}
                onWeave={() => weave(selection)}
                onClearSelection={clear}
              />
            ) : (
              <ThemesPanel query={themes} onOpen={openTheme} />
            )}
          </div>
        </section>

        {previewed ? (
          // Phones: a dimmed page behind the preview sheet; a tap on it closes the sheet.
          <div className="fixed inset-0 z-40 animate-fade-in bg-ink/25 @4xl:hidden" aria-hidden="true" onClick={() => setPreviewId(null)} />
        ) : null}
        <aside
          aria-label={t('fragments.panels.preview')}
          className={clsx(
            '@4xl:sticky @4xl:top-20 @4xl:col-start-2 @4xl:row-span-3 @4xl:row-start-1 @4xl:self-start @6xl:col-start-3 @6xl:row-span-2',
            // Phones: the preview is a sheet over the bottom of the list.
            previewed ? '@max-4xl:fixed @max-4xl:inset-x-0 @max-4xl:bottom-0 @max-4xl:z-40 @max-4xl:max-h-[80dvh] @max-4xl:overflow-y-auto @max-4xl:rounded-t-3xl @max-4xl:shadow-lift' : '@max-4xl:hidden',
          )}
        >
          <FragmentPreview
            fragment={previewed}
            saving={update.isPending}
            pinningToWins={pinToWins.isPending}
            onClose={() => setPreviewId(null)}
            onChange={(change) => previewed && update.mutate({ id: previewed.id, change })}
            onTogglePin={() => previewed && pin.mutate({ id: previewed.id, pinned: !previewed.isPinned })}
            onDelete={() => setDialog('delete')}
            onPinToWins={() => previewed && pinToWins.mutate(previewed.id)}
            onMerge={() => previewed && weave([previewed])}
          />
        </aside>
      </div>

      <QuickFragmentDialog open={dialog === 'quick'} onOpenChange={closeDialog} onCaptured={captured} />
      <VoiceNoteDialog open={dialog === 'voice'} onOpenChange={closeDialog} onCaptured={captured} />
      <WebClipDialog open={dialog === 'webClip'} onOpenChange={closeDialog} onCaptured={captured} />
      <WeaveDialog fragments={weaving} onClose={() => setWeaving([])} onWoven={() => (setWeaving([]), clear())} />
      <ConfirmDialog
        open={dialog === 'delete' && previewed !== null}
        onOpenChange={closeDialog}
        title={t('fragments.deleteConfirm.title')}
        body={t('fragments.deleteConfirm.body')}
        confirmLabel={t('fragments.deleteConfirm.confirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}

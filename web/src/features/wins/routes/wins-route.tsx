import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { useCreateWin, useDeleteWin, usePinWin, useUpdateWin, winsVaultQuery } from '../api/wins-queries.ts';
import { DigestDialog } from '../components/digest-dialog.tsx';
import { ViewToggle, type WinsView } from '../components/view-toggle.tsx';
import { WinFormDialog, type WinFormValues } from '../components/win-form-dialog.tsx';
import { WinList } from '../components/win-list.tsx';
import { PlusIcon } from '../components/plus-icon.tsx';
import { WinPreview } from '../components/win-preview.tsx';
import { WinsTools } from '../components/wins-tools.tsx';
import { WinsEmpty, WinsError, WinsNoMatch, WinsSkeleton } from '../components/wins-states.tsx';
import { useWinShare } from '../lib/use-win-share.ts';
import { useWinLink } from '../lib/use-win-link.ts';
import { useWinsShortcuts } from '../lib/use-wins-shortcuts.ts';
import { ALL_TAGS, filterWins, orderForGallery, tagsInUse } from '../lib/wins-filter.ts';

type OpenDialog = 'create' | 'edit' | 'digest' | 'delete' | null;

/** Asks for the vault as the session is restored (route-data-preload.ts). */
export function loader(): null {
  return preloadWhenSignedIn((queryClient) => void queryClient.prefetchQuery(winsVaultQuery()));
}

/** Nothing in the address changes what the loader asks for: it runs once per visit. */
export const shouldRevalidate = revalidateOnSearch();

/** /library/wins-vault (spec 002 section 2): tools on the left, tiles in the centre, the preview on the right. */
export function Component() {
  const { t } = useTranslation();
  const vault = useQuery(winsVaultQuery());
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState(ALL_TAGS);
  const [view, setView] = useState<WinsView>('gallery');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const previewRef = useRef<HTMLElement>(null);
  const createWin = useCreateWin();
  const updateWin = useUpdateWin();
  const pinWin = usePinWin();
  const deleteWin = useDeleteWin();
  const { shareWin, copyWin, shareDigest } = useWinShare();

  const allWins = useMemo(() => vault.data?.wins ?? [], [vault.data]);
  const shown = useMemo(() => orderForGallery(filterWins(allWins, search, tag)), [allWins, search, tag]);
  const selected = allWins.find((win) => win.id === selectedId) ?? null;
  const digest = vault.data?.digest;

  useWinsShortcuts(
    {
      onCreate: () => setDialog('create'),
      onToggleView: () => setView((current) => (current === 'gallery' ? 'timeline' : 'gallery')),
      onCopySelected: () => {
        if (selected) void copyWin(selected);
      },
    },
    dialog === null,
  );

  const select = useCallback((id: string) => {
    setSelectedId(id);
    // Stacked (phones): the preview sits below the tiles, so bring it up. Side by side it is sticky near the top.
    const panel = previewRef.current;
    if (panel && typeof panel.scrollIntoView === 'function' && panel.getBoundingClientRect().top > window.innerHeight / 2) {
      panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, []);
  useWinLink(allWins, vault.isSuccess, select);

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  const submitForm = (values: WinFormValues) => {
    if (dialog === 'edit' && selected) {
      updateWin.mutate({ id: selected.id, body: values }, { onSuccess: () => setDialog(null) });
    } else {
      createWin.mutate({ ...values, source: 'manual' }, { onSuccess: (tile) => (setDialog(null), setSelectedId(tile.id)) });
    }
  };

  const confirmDelete = () => {
    if (!selected) return;
    deleteWin.mutate(selected.id, { onSuccess: () => (setDialog(null), setSelectedId(null)) });
  };

  const clearFilters = () => {
    setSearch('');
    setTag(ALL_TAGS);
  };

  let content;
  if (vault.isPending) content = <WinsSkeleton />;
  else if (vault.isError) content = <WinsError onRetry={() => void vault.refetch()} />;
  else if (allWins.length === 0) content = <WinsEmpty onCreate={() => setDialog('create')} />;
  else if (shown.length === 0) content = <WinsNoMatch onClear={clearFilters} />;
  else content = <WinList view={view} wins={shown} selectedId={selectedId} onSelect={select} />;

  return (
    <div className="@container mx-auto w-full max-w-[96rem] px-4 pt-2 pb-16 sm:px-6">
      <div className="grid gap-6 @4xl:grid-cols-[14.5rem_minmax(0,1fr)_18rem] @6xl:grid-cols-[16rem_minmax(0,1fr)_21rem] @6xl:gap-8">
        <section aria-labelledby="wins-title" className="min-w-0 @4xl:order-2">
          <div className="flex items-start justify-between gap-3">
            <div>
              <h1 id="wins-title" className="font-serif text-4xl leading-tight font-semibold text-ink">
                {t('wins.title')}
              </h1>
              <p className="mt-1 text-lg text-ink-soft">{t('wins.subtitle')}</p>
            </div>
            {/* Phones: the tools panel sits below the tiles, so creating stays one tap away here. */}
            <Button size="sm" className="mt-2 @4xl:hidden" onClick={() => setDialog('create')} aria-label={t('wins.newTile')}>
              <PlusIcon />
            </Button>
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('wins.search.placeholder')}
              aria-label={t('wins.search.label')}
              className="h-11 sm:flex-1"
            />
            <ViewToggle view={view} onChange={setView} />
          </div>
          <div className="mt-6">{content}</div>
        </section>

        <aside ref={previewRef} aria-label={t('wins.panels.preview')} className={clsx('scroll-mt-20 @4xl:sticky @4xl:top-20 @4xl:order-3 @4xl:self-start', !selected && '@max-4xl:hidden')}>
          <WinPreview
            win={selected}
            pinPending={pinWin.isPending}
            onTogglePin={() => selected && pinWin.mutate({ id: selected.id, pinned: !selected.isPinned })}
            onShare={() => selected && void shareWin(selected)}
            onEdit={() => setDialog('edit')}
            onDelete={() => setDialog('delete')}
          />
        </aside>

        <aside aria-label={t('wins.panels.tools')} className="@4xl:sticky @4xl:top-20 @4xl:order-1 @4xl:self-start">
          <WinsTools
            digest={digest}
            tags={tagsInUse(allWins)}
            tag={tag}
            onTagChange={setTag}
            onCreate={() => setDialog('create')}
            onOpenDigest={() => setDialog('digest')}
          />
        </aside>
      </div>

      <WinFormDialog
        open={dialog === 'create' || (dialog === 'edit' && selected !== null)}
        onOpenChange={closeDialog}
        win={dialog === 'edit' ? selected : null}
        pending={createWin.isPending || updateWin.isPending}
        onSubmit={submitForm}
      />
      {digest ? <DigestDialog open={dialog === 'digest'} onOpenChange={closeDialog} digest={digest} onShare={() => void shareDigest(digest)} /> : null}
      <ConfirmDialog
        open={dialog === 'delete' && selected !== null}
        onOpenChange={closeDialog}
        title={t('wins.deleteConfirm.title')}
        body={t('wins.deleteConfirm.body', { title: selected?.title ?? '' })}
        confirmLabel={t('wins.deleteConfirm.confirm')}
        onConfirm={confirmDelete}
        pending={deleteWin.isPending}
      />
    </div>
  );
}

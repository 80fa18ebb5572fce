import type { ChapterId } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { showToast } from '@/lib/toast.ts';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { northStarQuery, SHORT_TOAST_MS, useEditChapter, useRegenerate, useToggleGoal, versionQuery } from '../api/north-star-queries.ts';
import { ChapterSection } from '../components/chapter-section.tsx';
import { GoalTable } from '../components/goal-table.tsx';
import { HistoryDialog } from '../components/history-dialog.tsx';
import { JumpNav } from '../components/jump-nav.tsx';
import { NarrativeHero } from '../components/narrative-hero.tsx';
import { NorthStarError, NorthStarSkeleton, NotEnoughData, ReadyToWrite } from '../components/north-star-states.tsx';
import { RegenerateProgress } from '../components/regenerate-progress.tsx';
import { SideRail } from '../components/side-rail.tsx';
import { formatDay } from '../lib/format.ts';
import { useHistoryShortcut } from '../lib/use-history-shortcut.ts';
import { useOutOfView } from '../lib/use-out-of-view.ts';

/** Asks for the narrative as the session is restored (route-data-preload.ts). */
export function loader(): null {
  return preloadWhenSignedIn((queryClient) => void queryClient.prefetchQuery(northStarQuery()));
}

/** Nothing in the address changes what the loader asks for: it runs once per visit. */
export const shouldRevalidate = revalidateOnSearch();

/** /library/north-star (spec 002 section 2): the narrative, its goals and the rail that says what it rests on. */
export function Component() {
  const { t, i18n } = useTranslation();
  const view = useQuery(northStarQuery());
  const latest = view.data?.narrative ?? null;
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const readOnly = openedId !== null && openedId !== latest?.id;
  const opened = useQuery(versionQuery(readOnly ? openedId : null));
  const narrative = readOnly ? (opened.data ?? null) : latest;
  const heroRef = useRef<HTMLElement>(null);
  const heroGone = useOutOfView(heroRef, narrative !== null);
  const regenerate = useRegenerate();
  const editChapter = useEditChapter(narrative?.id ?? '');
  const toggleGoal = useToggleGoal(narrative?.id ?? '');
  const versions = view.data?.versions ?? [];

  useHistoryShortcut(() => setHistoryOpen(true), versions.length > 0);

  const runRegenerate = () => regenerate.mutate(undefined, { onSuccess: () => setOpenedId(null) });

  const shareHeadline = async () => {
    if (!narrative) return;
    try {
      await navigator.clipboard.writeText(narrative.headline);
      showToast({ message: t('northStar.toasts.headlineCopied'), severity: 'success', duration: SHORT_TOAST_MS });
    } catch {
      showToast({ message: t('northStar.toasts.copyFailed'), severity: 'error' });
    }
  };

  const saveChapter = async (chapterId: ChapterId, content: string) => {
    try {
      await editChapter.mutateAsync({ chapterId, content });
      return true;
    } catch {
      return false;
    }
  };

  let content;
  if (view.isPending || (readOnly && opened.isPending)) content = <NorthStarSkeleton />;
  else if (view.isError) content = <NorthStarError onRetry={() => void view.refetch()} />;
  else if (readOnly && opened.isError) content = <NorthStarError onRetry={() => void opened.refetch()} />;
  else if (!narrative && view.data.status === 'not-generated') content = <ReadyToWrite readiness={view.data.readiness} pending={regenerate.isPending} onGenerate={runRegenerate} />;
  else if (!narrative) content = <NotEnoughData readiness={view.data.readiness} />;
  else {
    const index = versions.findIndex((version) => version.id === narrative.id);
    content = (
      <div className="grid gap-6 @4xl:grid-cols-[minmax(0,1fr)_18rem] @6xl:grid-cols-[minmax(0,1fr)_21rem] @6xl:gap-8">
        <div className="flex min-w-0 flex-col gap-6">
          {readOnly ? (
            <div role="note" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-sand/60 bg-warning-soft px-5 py-3 text-sm text-ink">
              <span>{t('northStar.history.readOnly', { date: formatDay(narrative.createdAt, i18n.language) })}</span>
              <Button variant="secondary" size="sm" onClick={() => setOpenedId(null)}>
                {t('northStar.history.backToLatest')}
              </Button>
            </div>
          ) : null}
          <NarrativeHero
            ref={heroRef}
            narrative={narrative}
            readOnly={readOnly}
            regenerating={regenerate.isPending}
            onShare={() => void shareHeadline()}
            onHistory={() => setHistoryOpen(true)}
            onRegenerate={runRegenerate}
          />
          {regenerate.isPending ? <RegenerateProgress /> : null}
          {narrative.chapters.map((chapter, number) => (
            <ChapterSection
              key={`${narrative.id}-${chapter.id}`}
              chapter={chapter}
              number={number + 1}
              readOnly={readOnly}
              saving={editChapter.isPending && editChapter.variables?.chapterId === chapter.id}
              onSave={(text) => saveChapter(chapter.id, text)}
            />
          ))}
          <GoalTable goals={narrative.goals} readOnly={readOnly} onToggle={(goal) => toggleGoal.mutate({ goalId: goal.id, completed: !goal.completed })} />
        </div>
        <aside className="@4xl:sticky @4xl:top-20 @4xl:self-start">
          <SideRail narrative={narrative} hasPrevious={index >= 0 && index < versions.length - 1} />
        </aside>
      </div>
    );
  }

  return (
    <div className="@container mx-auto w-full max-w-[88rem] px-4 pt-2 pb-24 sm:px-6">
      <h1 className="sr-only">{t('northStar.title')}</h1>
      {regenerate.isPending && !narrative ? <RegenerateProgress /> : null}
      <div className={regenerate.isPending && !narrative ? 'mt-6' : undefined}>{content}</div>
      {heroGone && narrative ? <JumpNav /> : null}
      <HistoryDialog
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        versions={versions}
        currentId={narrative?.id ?? null}
        onOpenVersion={(id) => (setOpenedId(id === latest?.id ? null : id), setHistoryOpen(false))}
      />
    </div>
  );
}

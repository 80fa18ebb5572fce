import type { WinTile } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { WinTileCard } from './win-tile.tsx';
import { WinTimeline } from './win-timeline.tsx';
import type { WinsView } from './view-toggle.tsx';

interface WinListProps {
  view: WinsView;
  wins: readonly WinTile[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The centre's tiles: a grid of cards at least 186px wide, or the timeline. */
export function WinList({ view, wins, selectedId, onSelect }: WinListProps) {
  const { t } = useTranslation();
  if (view === 'timeline') return <WinTimeline wins={wins} selectedId={selectedId} onSelect={onSelect} />;
  return (
    <ul aria-label={t('wins.panels.list')} className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(186px,1fr))] sm:gap-4">
      {wins.map((win) => (
        <li key={win.id} id={`win-${win.id}`}>
          <WinTileCard win={win} selected={win.id === selectedId} onSelect={() => onSelect(win.id)} />
        </li>
      ))}
    </ul>
  );
}

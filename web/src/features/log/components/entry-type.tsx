import type { LogEntryType } from '@meld/shared';
import clsx from 'clsx';

/** Each type's glyph and colour, shared by the cards, the timeline and the legend. */
export const TYPE_STYLE: Record<LogEntryType, { glyph: string; dot: string; tile: string }> = {
  compass: { glyph: '◎', dot: 'bg-warning', tile: 'bg-warning-soft text-warning' },
  reflection: { glyph: '☾', dot: 'bg-ink-soft', tile: 'bg-sunken text-ink-soft' },
  fragment: { glyph: '✎', dot: 'bg-sage', tile: 'bg-sage-soft text-sage' },
  weave: { glyph: '❋', dot: 'bg-sand', tile: 'bg-sand/25 text-ink' },
  win: { glyph: '★', dot: 'bg-accent', tile: 'bg-accent-soft text-accent-strong' },
  coach: { glyph: '❝', dot: 'bg-ink', tile: 'bg-surface text-ink ring-1 ring-line' },
};

export function TypeIcon({ type, className }: { type: LogEntryType; className?: string }) {
  return (
    <span aria-hidden="true" className={clsx('grid size-9 shrink-0 place-items-center rounded-xl text-base', TYPE_STYLE[type].tile, className)}>
      {TYPE_STYLE[type].glyph}
    </span>
  );
}

export function TypeDot({ type }: { type: LogEntryType }) {
  return <span aria-hidden="true" className={clsx('inline-block size-2.5 rounded-full', TYPE_STYLE[type].dot)} />;
}

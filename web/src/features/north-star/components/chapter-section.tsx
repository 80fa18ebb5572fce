import type { Chapter } from '@meld/shared';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { highlightRuns } from '../lib/format.ts';

interface ChapterSectionProps {
  chapter: Chapter;
  number: number;
  readOnly: boolean;
  saving: boolean;
  /** Resolves true once saved; the editor then closes. */
  onSave: (content: string) => Promise<boolean>;
}

/** One chapter: its text with the value highlights marked, edited in place with Save and Cancel. */
export function ChapterSection({ chapter, number, readOnly, saving, onSave }: ChapterSectionProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [showEmpty, setShowEmpty] = useState(false);
  const textId = useId();
  const editing = draft !== null;

  const save = async () => {
    if (draft === null) return;
    if (!draft.trim()) {
      setShowEmpty(true);
      return;
    }
    if (await onSave(draft.trim())) setDraft(null);
  };

  return (
    <section id={`chapter-${chapter.id}`} aria-labelledby={`${textId}-title`} className="scroll-mt-24 rounded-3xl border border-line bg-surface px-6 py-6 shadow-soft sm:px-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-xs font-semibold tracking-[0.16em] text-ink-faint uppercase">{t('northStar.chapters.chapter', { number: String(number) })}</p>
        <p className="text-xs text-ink-faint">
          {chapter.isEdited ? <span className="mr-2 rounded-full bg-sage-soft px-2 py-0.5 font-medium text-sage">{t('northStar.chapters.edited')}</span> : null}
          {t('northStar.chapters.words', { count: chapter.wordCount })}
        </p>
      </div>
      <h2 id={`${textId}-title`} className="mt-2 font-serif text-2xl font-semibold text-ink">
        {chapter.title}
      </h2>
      {editing ? (
        <div className="mt-4">
          <label htmlFor={textId} className="sr-only">
            {t('northStar.chapters.textLabel', { title: chapter.title })}
          </label>
          <textarea
            id={textId}
            rows={7}
            autoFocus
            value={draft}
            aria-invalid={showEmpty || undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setShowEmpty(false);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              setDraft(null);
            }}
            className="w-full resize-y rounded-2xl border border-line-strong bg-canvas px-4 py-3 text-[1.02rem] leading-relaxed text-ink focus:border-accent focus:outline-none"
          />
          {showEmpty ? <p className="mt-1 text-sm text-danger">{t('northStar.chapters.empty')}</p> : null}
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => {
                setDraft(null);
                setShowEmpty(false);
              }} disabled={saving}>
              {t('northStar.chapters.cancel')}
            </Button>
            <Button size="sm" onClick={() => void save()} loading={saving}>
              {t('northStar.chapters.save')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-4 font-serif text-[1.08rem] leading-8 whitespace-pre-line text-ink-soft">
            {highlightRuns(chapter.content, chapter.valueHighlights).map((run, index) =>
              run.value ? (
                <mark key={index} title={t(`northStar.values.${run.value}`)} className={clsx('rounded-md bg-accent-soft px-1 text-ink')}>
                  {run.text}
                </mark>
              ) : (
                <span key={index}>{run.text}</span>
              ),
            )}
          </p>
          {chapter.valueHighlights.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('northStar.jump.values')}>
              {[...new Set(chapter.valueHighlights.map((highlight) => highlight.value))].map((value) => (
                <li key={value} className="rounded-full border border-line px-2.5 py-0.5 text-xs font-medium text-ink-soft">
                  {t(`northStar.values.${value}`)}
                </li>
              ))}
            </ul>
          ) : null}
          {readOnly ? null : (
            <div className="mt-4 flex justify-end">
              <Button variant="ghost" size="sm" onClick={() => setDraft(chapter.content)} aria-label={t('northStar.chapters.editLabel', { title: chapter.title })}>
                {t('northStar.chapters.edit')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

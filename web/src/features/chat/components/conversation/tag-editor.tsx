import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { tagsQuery } from '../../api/chat-queries.ts';
import { useSetConvoTags } from '../../api/tag-mutations.ts';

const TAG_MAX = 100;

interface TagEditorProps {
  conversationId: string;
  tags: readonly string[];
}

/** Bookmark chips on a conversation: remove with ×, add from the user's tags, or create one by typing it. */
export function TagEditor({ conversationId, tags }: TagEditorProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const allTags = useQuery({ ...tagsQuery, enabled: open });
  const setTags = useSetConvoTags(conversationId);

  const name = draft.trim();
  const known = allTags.data?.map((tag) => tag.tag) ?? [];
  const matches = known.filter((tag) => tag.toLowerCase().includes(name.toLowerCase()));
  const canCreate = name.length > 0 && !known.some((tag) => tag.toLowerCase() === name.toLowerCase());

  const toggle = (tag: string) => setTags.mutate(tags.includes(tag) ? tags.filter((other) => other !== tag) : [...tags, tag]);
  const create = () => {
    if (!canCreate) return;
    setTags.mutate([...tags, name], { onSuccess: () => setDraft('') });
  };

  return (
    <ul aria-label={t('chat.tags.label')} className="flex flex-wrap items-center gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="inline-flex items-center gap-1 rounded-full border border-line bg-surface py-0.5 pr-1 pl-3 text-xs text-ink-soft">
          {tag}
          <button
            type="button"
            onClick={() => toggle(tag)}
            disabled={setTags.isPending}
            aria-label={t('chat.tags.remove', { tag })}
            className="grid size-5 place-items-center rounded-full text-ink-faint hover:bg-sunken hover:text-ink"
          >
            <svg viewBox="0 0 16 16" className="size-2.5" aria-hidden="true">
              <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
      <li>
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger className="inline-flex h-6 items-center gap-1 rounded-full border border-dashed border-line-strong px-2.5 text-xs text-ink-soft hover:border-accent hover:text-accent data-[state=open]:border-accent data-[state=open]:text-accent">
            <svg viewBox="0 0 20 20" className="size-3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
              <path d="M5.5 3.5h9v13L10 13l-4.5 3.5z" />
            </svg>
            {t('chat.tags.add')}
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content aria-label={t('chat.tags.label')} align="start" sideOffset={6} collisionPadding={12} className="z-50 w-64 animate-fade-in rounded-xl border border-line bg-surface p-2 shadow-lift">
              <input
                aria-label={t('chat.tags.placeholder')}
                placeholder={t('chat.tags.placeholder')}
                value={draft}
                maxLength={TAG_MAX}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                  event.preventDefault();
                  if (canCreate) create();
                  else if (matches.length === 1) toggle(matches[0]!);
                }}
                className="h-9 w-full rounded-lg border border-line bg-canvas px-3 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:outline-none"
              />
              <ul className="mt-1 max-h-56 overflow-y-auto">
                {matches.map((tag) => (
                  <li key={tag}>
                    <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm text-ink hover:bg-sunken">
                      <input type="checkbox" checked={tags.includes(tag)} onChange={() => toggle(tag)} disabled={setTags.isPending} className="size-4 accent-[var(--accent)]" />
                      <span className="truncate">{tag}</span>
                    </label>
                  </li>
                ))}
              </ul>
              {canCreate ? (
                <button type="button" onClick={create} disabled={setTags.isPending} className="mt-1 w-full truncate rounded-lg px-2 py-2 text-left text-sm text-accent hover:bg-sunken">
                  {t('chat.tags.create', { tag: name })}
                </button>
              ) : null}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </li>
    </ul>
  );
}

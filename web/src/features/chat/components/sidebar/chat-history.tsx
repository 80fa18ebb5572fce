import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import type { ConvoListFilters } from '@/lib/convo-keys.ts';
import { useFeatureShown } from '@/lib/permissions.ts';
import { searchEnabledQuery } from '../../api/chat-queries.ts';
import { BookmarkFilter } from './bookmark-filter.tsx';
import { ConvoList } from './convo-list.tsx';
import { SearchBox } from './search-box.tsx';

export interface ChatHistoryProps {
  /** Closes the overlay sidebar on small screens after a navigation. */
  onNavigate: () => void;
}

/** The conversation-history section of the sidebar: search, bookmark filter and the dated list. */
export function ChatHistory({ onNavigate }: ChatHistoryProps) {
  const { t } = useTranslation();
  const searchEnabled = useQuery(searchEnabledQuery);
  const [tags, setTags] = useState<string[]>([]);
  // Bookmarks hidden by the operator or not allowed to the role: no filter, and none left applied.
  const bookmarks = useFeatureShown('bookmarks', 'BOOKMARKS');
  const filters = useMemo<ConvoListFilters>(() => (bookmarks && tags.length ? { tags } : {}), [bookmarks, tags]);

  return (
    <section aria-labelledby="chat-history-heading" className="flex min-h-0 flex-1 flex-col overflow-hidden">
      <div className="flex items-center justify-between px-6 pt-2 pb-2">
        <h2 id="chat-history-heading" className="font-sans text-xs font-semibold tracking-wider text-ink-faint uppercase">
          {t('chat.history.label')}
        </h2>
        {bookmarks ? <BookmarkFilter selected={tags} onChange={setTags} /> : null}
      </div>
      {searchEnabled.data === true ? <SearchBox onNavigate={onNavigate} /> : null}
      <ConvoList filters={filters} onNavigate={onNavigate} />
    </section>
  );
}

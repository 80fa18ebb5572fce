import { PROMPT_CATEGORIES } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button.tsx';
import { inputClasses } from '@/components/ui/input.tsx';
import { usePermission, useRolePermissions } from '@/lib/permissions.ts';
import { usePromptsEnabled } from '@/lib/prompt-queries.ts';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings.ts';
import { useSession } from '@/lib/use-session.ts';
import { groupListQuery, prefetchOpeningGroupList } from '../api/prompt-api.ts';
import { GroupList } from '../components/group-list.tsx';
import { GroupPanel } from '../components/group-panel.tsx';
import { NewPromptForm } from '../components/new-prompt-form.tsx';

/** Spec 000 section 9: searches settle after 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

/** Asks for the opening list as the session is restored (route-data-preload.ts). */
export function loader(): null {
  return preloadWhenSignedIn((queryClient) => void prefetchOpeningGroupList(queryClient));
}

/** Nothing in the address changes what the loader asks for: it runs once per visit. */
export const shouldRevalidate = revalidateOnSearch();

/**
 * /prompts, /prompts/new and /prompts/:groupId: the list (search, category, pages) beside the
 * chosen group or the new-prompt form. Phones show one at a time.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groupId } = useParams();
  const enabled = usePromptsEnabled();
  const { isLoading } = useRolePermissions();
  const canCreate = usePermission('PROMPTS', 'CREATE');
  const canShare = usePermission('PROMPTS', 'SHARED_GLOBAL');
  const { user } = useSession();
  const { promptsPageSize } = useUserSettings();
  const updateSettings = useUpdateUserSettings();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const name = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The pages walked so far belong to one search, category and page size; a new one starts from the first page.
  const filterKey = JSON.stringify([name, category, promptsPageSize]);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({ key: filterKey, cursors: [null] });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const setCursors = (next: (string | null)[]) => setPaging({ key: filterKey, cursors: next });
  const page = cursors.length - 1;
  const list = useQuery({ ...groupListQuery({ name, category, pageSize: promptsPageSize, cursor: cursors[page]! }), enabled });

  if (!enabled && !isLoading) return <Navigate to="/c/new" replace />;
  const creating = groupId === 'new';
  const detail = creating ? (canCreate ? <NewPromptForm canShare={canShare} /> : null) : groupId ? <GroupPanel groupId={groupId} userId={user?.id} canShare={canShare} onDeleted={() => void navigate('/prompts')} /> : null;

  return (
    <div className="mx-auto w-full max-w-[84rem] px-4 pt-2 pb-16 sm:px-6">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="prompts-title" className={clsx('flex min-w-0 flex-col gap-4', groupId && 'max-lg:hidden')}>
          <div className="flex items-start justify-between gap-3">
            <div>
              <h1 id="prompts-title" className="font-serif text-4xl leading-tight font-semibold text-ink">
                {t('prompts.title')}
              </h1>
              <p className="mt-1 text-ink-soft">{t('prompts.intro')}</p>
            </div>
          </div>
          {canCreate ? (
            <Link to="/prompts/new" className={buttonClasses('primary', 'md', 'self-start')}>
              {t('prompts.newPrompt')}
            </Link>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
            <input type="search" aria-label={t('prompts.search')} placeholder={t('prompts.searchPlaceholder')} value={search} onChange={(event) => setSearch(event.target.value)} className={inputClasses(false, 'h-11!')} />
            <select aria-label={t('prompts.categoryFilter')} value={category} onChange={(event) => setCategory(event.target.value)} className={inputClasses(false, 'h-11! pr-8 sm:max-w-56 lg:max-w-none')}>
              <option value="">{t('prompts.allCategories')}</option>
              {PROMPT_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {t(`prompts.categories.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <GroupList
            groups={list.data?.promptGroups}
            state={list.isPending ? 'pending' : list.isError ? 'error' : 'ready'}
            filtered={Boolean(name || category)}
            selectedId={groupId}
            userId={user?.id}
            page={page}
            hasNext={Boolean(list.data?.nextCursor)}
            pageSize={promptsPageSize}
            onPrevious={() => setCursors(cursors.length > 1 ? cursors.slice(0, -1) : cursors)}
            onNext={() => list.data?.nextCursor && setCursors([...cursors, list.data.nextCursor])}
            onPageSize={(size) => updateSettings.mutate({ promptsPageSize: size })}
            onRetry={() => void list.refetch()}
          />
        </section>
        <section aria-label={t('prompts.title')} className={clsx('min-w-0', !groupId && 'max-lg:hidden')}>
          {groupId ? (
            <Link to="/prompts" className="mb-4 inline-flex items-center gap-1 text-sm text-ink-soft hover:text-ink lg:hidden">
              <span aria-hidden="true">←</span> {t('prompts.backToList')}
            </Link>
          ) : null}
          {detail ?? (
            <div className="grid min-h-64 place-items-center rounded-3xl border border-dashed border-line-strong px-6 py-12 text-center">
              <p className="max-w-sm text-ink-soft">{t('prompts.pickOne')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { groupQuery, versionsQuery } from '../api/prompt-api.ts';
import { GroupDetail } from './group-detail.tsx';

interface GroupPanelProps {
  groupId: string;
  userId: string | undefined;
  canShare: boolean;
  onDeleted: () => void;
}

/** Loads a group and its versions; another user's private group reads as not found. */
export function GroupPanel({ groupId, userId, canShare, onDeleted }: GroupPanelProps) {
  const { t } = useTranslation();
  const group = useQuery(groupQuery(groupId));
  const versions = useQuery(versionsQuery(groupId));
  if (group.isError || versions.isError) {
    return <p className="rounded-2xl border border-line bg-surface px-5 py-8 text-center text-ink-soft">{t('prompts.notFound')}</p>;
  }
  if (!group.data || !versions.data) {
    return (
      <div className="grid place-items-center py-16 text-ink-faint">
        <Spinner />
      </div>
    );
  }
  return <GroupDetail key={groupId} group={group.data} versions={versions.data} mine={group.data.author === userId} canShare={canShare} onDeleted={onDeleted} />;
}

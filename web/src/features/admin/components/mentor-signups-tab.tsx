import type { MentorInterestAdmin } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { downloadCsv } from '@/lib/csv.ts';
import { mentorListQuery, useDeleteMentorInterest, useGenerateMentorToken, useUpdateMentorStatus } from '../api/admin-queries.ts';
import { extraColumns, fullName, humanizeField } from '../lib/mentor-columns.ts';
import { MENTOR_CSV_COLUMNS, mentorCsvRows } from '../lib/mentor-csv.ts';
import { ExportCsvButton, TableToolbar } from './export-csv-button.tsx';
import { InterviewDialog } from './interview-dialog.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { MentorRow } from './mentor-row.tsx';
import { byId } from './repeat-note.tsx';
import { headClass, stickyHeadClass, TableCard, TableEmpty, TableError, TableLoading } from './table-parts.tsx';

/** What an admin acts on comes first (a phone sees it without scrolling); the sign-up's profile follows. */
const FIXED_COLUMNS = ['name', 'email', 'status', 'link', 'answered', 'actions', 'jobTitle', 'company', 'industry', 'careerStage', 'createdAt'] as const;
const KNOWN_EXTRA = new Set(['updatedAt', 'tokenCreatedAt', 'completedAt']);

/** The mentor table (spec 002): one row per sign-up, its status, its interview link and its answers. */
export function MentorSignupsTab() {
  const { t } = useTranslation();
  const mentors = useQuery(mentorListQuery());
  const updateStatus = useUpdateMentorStatus();
  const generate = useGenerateMentorToken();
  const remove = useDeleteMentorInterest();
  const [replacing, setReplacing] = useState<MentorInterestAdmin | null>(null);
  const [generated, setGenerated] = useState<{ name: string; link: string } | null>(null);
  const [viewing, setViewing] = useState<MentorInterestAdmin | null>(null);
  const [deleting, setDeleting] = useState<MentorInterestAdmin | null>(null);

  const rows = useMemo(() => mentors.data ?? [], [mentors.data]);
  const extras = useMemo(() => extraColumns(rows), [rows]);
  const rowsById = useMemo(() => byId(rows), [rows]);

  const generateFor = (mentor: MentorInterestAdmin) => {
    setReplacing(null);
    generate.mutate(mentor._id, { onSuccess: ({ link }) => setGenerated({ name: fullName(mentor), link }) });
  };

  if (mentors.isPending) return <TableLoading />;
  if (mentors.isError) return <TableError error={mentors.error} message={t('admin.errors.fetchMentors')} onRetry={() => void mentors.refetch()} />;
  if (rows.length === 0) return <TableEmpty>{t('admin.mentors.empty')}</TableEmpty>;

  const extraLabel = (key: string) => (KNOWN_EXTRA.has(key) ? t(`admin.mentors.extraColumns.${key as 'updatedAt'}`) : humanizeField(key));
  const exportCsv = () => {
    const header = MENTOR_CSV_COLUMNS.map((column) => (column === 'linkPrefix' ? t('adminSignups.mentors.linkPrefix') : t(`admin.mentors.columns.${column}`)));
    downloadCsv('mentor-signups', [...header, ...extras.map(extraLabel)], mentorCsvRows(rows, extras));
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
  };

  return (
    <>
      <TableToolbar count={t('admin.mentors.count', { count: rows.length })}>
        <ExportCsvButton onExport={exportCsv} />
      </TableToolbar>
      <TableCard label={t('admin.mentors.tableLabel')}>
        <table className="w-max min-w-full border-separate border-spacing-0">
          <thead>
            <tr>
              {FIXED_COLUMNS.map((column) => (
                <th key={column} scope="col" className={column === 'name' ? stickyHeadClass : headClass}>
                  {t(`admin.mentors.columns.${column}`)}
                </th>
              ))}
              {extras.map((key) => (
                <th key={key} scope="col" className={headClass}>
                  {extraLabel(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((mentor) => (
              <MentorRow
                key={mentor._id}
                mentor={mentor}
                earlier={mentor.repeatOf ? rowsById.get(mentor.repeatOf) : undefined}
                extraColumns={extras}
                generating={generate.isPending && generate.variables === mentor._id}
                onStatusChange={(status) => updateStatus.mutate({ id: mentor._id, status })}
                onGenerate={() => generateFor(mentor)}
                onReplace={() => setReplacing(mentor)}
                onView={() => setViewing(mentor)}
                onDelete={() => setDeleting(mentor)}
              />
            ))}
          </tbody>
        </table>
      </TableCard>
      <ConfirmDialog
        open={replacing !== null}
        onOpenChange={(open) => !open && setReplacing(null)}
        title={t('admin.newLink.title')}
        body={replacing ? t('admin.newLink.body', { name: fullName(replacing) }) : ''}
        confirmLabel={t('admin.newLink.confirm')}
        onConfirm={() => replacing && generateFor(replacing)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('adminSignups.mentors.confirmDelete.title')}
        body={deleting ? t('adminSignups.mentors.confirmDelete.body', { name: fullName(deleting) }) : ''}
        confirmLabel={t('adminSignups.mentors.confirmDelete.confirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
      <LinkDialog generated={generated} onClose={() => setGenerated(null)} />
      <InterviewDialog mentor={viewing ? (rows.find((row) => row._id === viewing._id) ?? viewing) : null} onClose={() => setViewing(null)} />
    </>
  );
}

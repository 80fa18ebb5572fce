import type { UserInterestAdmin } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { downloadCsv } from '@/lib/csv.ts';
import { useConfirmNewsletter, useDeleteUserInterest, userInterestQuery } from '../api/interest-queries.ts';
import { SIGNUP_CSV_COLUMNS, signupCsvRows } from '../lib/signup-csv.ts';
import { ExportCsvButton, TableToolbar } from './export-csv-button.tsx';
import { headClass, stickyEndHeadClass, stickyHeadClass, TableCard, TableEmpty, TableError, TableLoading } from './table-parts.tsx';
import { byId } from './repeat-note.tsx';
import { UserInterestRow } from './user-interest-row.tsx';

/** The newsletter status comes early so a phone sees what needs doing without scrolling far. */
const COLUMNS = ['name', 'email', 'newsletter', 'situation', 'details', 'referral', 'motivation', 'createdAt', 'actions'] as const;

/** Every waitlist sign-up (spec 002, User Interest Signups), newest first. */
export function UserInterestTab() {
  const { t } = useTranslation();
  const signups = useQuery(userInterestQuery());
  const confirm = useConfirmNewsletter();
  const remove = useDeleteUserInterest();
  const [deleting, setDeleting] = useState<UserInterestAdmin | null>(null);
  // Marking subscribed cannot be undone from the panel, so it asks first, naming the person.
  const [subscribing, setSubscribing] = useState<UserInterestAdmin | null>(null);
  const rows = useMemo(() => [...(signups.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), [signups.data]);
  const rowsById = useMemo(() => byId(rows), [rows]);

  if (signups.isPending) return <TableLoading />;
  if (signups.isError) return <TableError error={signups.error} message={t('adminSignups.userInterest.loadError')} onRetry={() => void signups.refetch()} />;
  if (rows.length === 0) return <TableEmpty>{t('adminSignups.userInterest.empty')}</TableEmpty>;

  const exportCsv = () =>
    downloadCsv(
      'user-interest-signups',
      SIGNUP_CSV_COLUMNS.map((column) => t(`adminSignups.userInterest.csv.${column}`)),
      signupCsvRows(rows, {
        yes: t('adminSignups.yes'),
        no: t('adminSignups.no'),
        subscribed: t('adminSignups.userInterest.subscribed'),
        notConfirmed: t('adminSignups.userInterest.notConfirmed'),
      }),
    );
  const deleteSignup = () => {
    if (deleting) remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
  };
  const markSubscribed = () => {
    if (subscribing) confirm.mutate(subscribing._id, { onSettled: () => setSubscribing(null) });
  };

  return (
    <>
      <TableToolbar count={t('adminSignups.userInterest.count', { count: rows.length })}>
        <ExportCsvButton onExport={exportCsv} />
      </TableToolbar>
      <TableCard label={t('adminSignups.userInterest.tableLabel')}>
        <table className="w-max min-w-full border-separate border-spacing-0">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={column === 'name' ? stickyHeadClass : column === 'actions' ? stickyEndHeadClass : headClass}>
                  {t(`adminSignups.userInterest.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((signup) => (
              <UserInterestRow
                key={signup._id}
                signup={signup}
                earlier={signup.repeatOf ? rowsById.get(signup.repeatOf) : undefined}
                confirming={confirm.isPending && confirm.variables === signup._id}
                onConfirmNewsletter={() => setSubscribing(signup)}
                onDelete={() => setDeleting(signup)}
              />
            ))}
          </tbody>
        </table>
      </TableCard>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('adminSignups.userInterest.confirmDelete.title')}
        body={deleting ? t('adminSignups.userInterest.confirmDelete.body', { name: deleting.name, email: deleting.email }) : ''}
        confirmLabel={t('adminSignups.userInterest.confirmDelete.confirm')}
        onConfirm={deleteSignup}
        pending={remove.isPending}
      />
      <ConfirmDialog
        open={subscribing !== null}
        onOpenChange={(open) => !open && !confirm.isPending && setSubscribing(null)}
        title={subscribing ? t('adminSignups.userInterest.confirmSubscribed.title', { name: subscribing.name }) : ''}
        body={subscribing ? t('adminSignups.userInterest.confirmSubscribed.body', { name: subscribing.name, email: subscribing.email }) : ''}
        confirmLabel={t('adminSignups.userInterest.markSubscribed')}
        onConfirm={markSubscribed}
        pending={confirm.isPending}
        tone="primary"
      />
    </>
  );
}

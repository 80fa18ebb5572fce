import type { AccessCode } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { accessCodesQuery, useRevokeAccessCode } from '../api/access-code-queries.ts';
import { AccessCodeForm } from './access-code-form.tsx';
import { AccessCodeRow } from './access-code-row.tsx';
import { NewAccessCode } from './new-access-code.tsx';
import { Count, headClass, stickyHeadClass, TableCard, TableEmpty, TableError, TableLoading } from './table-parts.tsx';

const COLUMNS = ['code', 'status', 'uses', 'expiresAt', 'createdAt', 'actions'] as const;

/** Pilot access codes (decision 0017): create one, share it, watch its uses, revoke it. */
export function AccessCodesTab() {
  const [created, setCreated] = useState<AccessCode | null>(null);
  return (
    <div className="space-y-6">
      <AccessCodeForm onCreated={setCreated} />
      {created ? <NewAccessCode code={created} onDismiss={() => setCreated(null)} /> : null}
      <AccessCodeList />
    </div>
  );
}

function AccessCodeList() {
  const { t } = useTranslation();
  const codes = useQuery(accessCodesQuery());
  const revoke = useRevokeAccessCode();
  const [revoking, setRevoking] = useState<string | null>(null);

  if (codes.isPending) return <TableLoading />;
  if (codes.isError) return <TableError error={codes.error} message={t('adminSignups.accessCodes.loadError')} onRetry={() => void codes.refetch()} />;
  if (codes.data.length === 0) return <TableEmpty>{t('adminSignups.accessCodes.empty')}</TableEmpty>;

  const confirmRevoke = () => {
    if (revoking) revoke.mutate(revoking, { onSettled: () => setRevoking(null) });
  };

  return (
    <section>
      <Count className="mb-3">{t('adminSignups.accessCodes.count', { count: codes.data.length })}</Count>
      <TableCard label={t('adminSignups.accessCodes.tableLabel')}>
        <table className="w-max min-w-full border-separate border-spacing-0">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={column === 'code' ? stickyHeadClass : headClass}>
                  {t(`adminSignups.accessCodes.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {codes.data.map((code) => (
              <AccessCodeRow key={code.code} code={code} revoking={revoke.isPending && revoke.variables === code.code} onRevoke={() => setRevoking(code.code)} />
            ))}
          </tbody>
        </table>
      </TableCard>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}
        title={t('adminSignups.accessCodes.confirmRevoke.title', { code: revoking ?? '' })}
        body={t('adminSignups.accessCodes.confirmRevoke.body')}
        confirmLabel={t('adminSignups.accessCodes.confirmRevoke.confirm')}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
      />
    </section>
  );
}

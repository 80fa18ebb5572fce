import type { AccessCode, AccessCodeStatus } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { DangerRowButton } from './danger-row-button.tsx';
import { Badge, type BadgeTone } from './status-badge.tsx';
import { cellClass, stickyCellClass } from './table-parts.tsx';

const statusTones: Record<AccessCodeStatus, BadgeTone> = {
  active: 'done',
  'used up': 'progress',
  expired: 'neutral',
  revoked: 'danger',
};

/** One code: whether it still opens registration, how much it was used, when it ends; Revoke while active. */
export function AccessCodeRow({ code, revoking, onRevoke }: { code: AccessCode; revoking: boolean; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const cell = `${cellClass} align-middle`;
  return (
    <tr className="group">
      <th scope="row" className={`${stickyCellClass} align-middle font-mono tracking-[0.04em]`}>
        {code.code}
      </th>
      <td className={cell}>
        <div className="flex flex-col items-start gap-1">
          <Badge tone={statusTones[code.status]} label={t(`adminSignups.accessCodes.status.${code.status}`)} />
          {code.revokedAt ? (
            <span className="text-xs whitespace-nowrap text-ink-faint">{t('adminSignups.accessCodes.revokedOn', { date: formatDate(code.revokedAt, i18n.language) })}</span>
          ) : null}
        </div>
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums`}>
        {t('adminSignups.accessCodes.uses', { uses: String(code.uses), max: code.maxUses === null ? t('adminSignups.accessCodes.unlimited') : String(code.maxUses) })}
      </td>
      <td className={`${cell} whitespace-nowrap text-ink-soft`}>{code.expiresAt ? formatDateTime(code.expiresAt, i18n.language) : t('adminSignups.accessCodes.never')}</td>
      <td className={`${cell} whitespace-nowrap text-ink-soft`}>{formatDate(code.createdAt, i18n.language)}</td>
      <td className={`${cell} whitespace-nowrap`}>
        {code.status === 'active' ? (
          <DangerRowButton loading={revoking} onClick={onRevoke} aria-label={t('adminSignups.accessCodes.revokeLabel', { code: code.code })}>
            {t('adminSignups.accessCodes.revoke')}
          </DangerRowButton>
        ) : null}
      </td>
    </tr>
  );
}

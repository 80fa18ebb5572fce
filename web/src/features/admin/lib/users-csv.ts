import type { AdminUser } from '@meld/shared';
import type { TFunction } from 'i18next';
import { downloadCsv } from '@/lib/csv.ts';
import { formatDate, formatDateTime } from './format.ts';

/**
 * `platform-users-{date}.csv` (spec 002 section 7): Name, Email, Role, Created Date, Last Login,
 * with "No Data" for a member who never signed in. Dates read as the table shows them.
 */
export function exportUsersCsv(users: readonly AdminUser[], t: TFunction, language: string): void {
  const header = [t('adminUsers.csv.name'), t('adminUsers.csv.email'), t('adminUsers.csv.role'), t('adminUsers.csv.createdDate'), t('adminUsers.csv.lastLogin')];
  const rows = users.map((user) => [
    user.name || user.username,
    user.email,
    user.role,
    formatDate(user.createdAt, language),
    user.lastLogin ? formatDateTime(user.lastLogin, language) : t('adminUsers.noData'),
  ]);
  downloadCsv('platform-users', header, rows);
}

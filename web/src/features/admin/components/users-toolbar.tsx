import type { Role } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { inputClasses } from '@/components/ui/input.tsx';

interface UsersToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  role: Role | '';
  roles: readonly Role[];
  onRoleChange: (role: Role | '') => void;
  exporting: boolean;
  canExport: boolean;
  onExport: () => void;
}

/** Search over name and e-mail, the role filter and the export; stacked on a phone, one line on wider screens. */
export function UsersToolbar({ search, onSearchChange, role, roles, onRoleChange, exporting, canExport, onExport }: UsersToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <input
        type="search"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        aria-label={t('adminUsers.searchLabel')}
        placeholder={t('adminUsers.searchPlaceholder')}
        className={inputClasses(false, 'h-11! sm:max-w-sm')}
      />
      <div className="flex gap-3 sm:contents">
        <select
          value={role}
          onChange={(event) => onRoleChange(event.target.value as Role | '')}
          aria-label={t('adminUsers.roleFilterLabel')}
          className={inputClasses(false, 'h-11! min-w-0 flex-1 pr-8 sm:w-44 sm:flex-none')}
        >
          <option value="">{t('adminUsers.allRoles')}</option>
          {roles.map((option) => (
            <option key={option} value={option}>
              {t(`admin.roles.${option}`)}
            </option>
          ))}
        </select>
        <Button variant="secondary" className="sm:ml-auto" onClick={onExport} loading={exporting} disabled={!canExport}>
          {t('adminUsers.exportCsv')}
        </Button>
      </div>
    </div>
  );
}

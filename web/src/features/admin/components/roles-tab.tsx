import { ROLES, type Role } from '@meld/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Switch } from '@/components/ui/switch.tsx';
import { roleQuery } from '@/lib/permissions.ts';
import { useUpdateRolePermission, type EditableFeature } from '../api/role-queries.ts';
import { TableError, TableLoading } from './table-parts.tsx';

const FEATURES: readonly EditableFeature[] = ['PROMPTS', 'AGENTS'];
const TYPES = ['USE', 'CREATE', 'SHARED_GLOBAL'] as const;

/** Each role's prompt and agent permissions as switches; each switch saves on its own. */
export function RolesTab() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <p className="max-w-2xl text-ink-soft">{t('roles.admin.intro')}</p>
      <ul aria-label={t('roles.admin.listLabel')} className="flex flex-col gap-4">
        {ROLES.map((role) => (
          <RoleCard key={role} role={role} />
        ))}
      </ul>
    </div>
  );
}

function RoleCard({ role }: { role: Role }) {
  const { t } = useTranslation();
  const info = useQuery(roleQuery(role));
  const update = useUpdateRolePermission();
  const headingId = useId();

  const body = () => {
    if (info.isPending) return <TableLoading />;
    if (info.isError) return <TableError error={info.error} message={t('roles.admin.loadError')} onRetry={() => void info.refetch()} />;
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        {FEATURES.map((feature) => (
          <fieldset key={feature} className="rounded-xl border border-line bg-canvas/60 px-4 pt-2 pb-1">
            <legend className="px-1 font-serif text-lg font-semibold text-ink">{t(`roles.admin.feature.${feature}`)}</legend>
            <ul className="divide-y divide-line">
              {TYPES.map((type) => (
                <li key={type} className="flex items-center justify-between gap-4 py-2.5">
                  <span aria-hidden="true" className="text-sm text-ink">
                    {t(`roles.admin.type.${type}`)}
                  </span>
                  <Switch
                    checked={info.data.permissions[feature][type] === true}
                    label={t('roles.admin.switchLabel', { role: t(`roles.admin.role.${role}`), feature: t(`roles.admin.feature.${feature}`), type: t(`roles.admin.type.${type}`) })}
                    disabled={update.isPending && update.variables.role === role && update.variables.feature === feature}
                    onChange={(value) => update.mutate({ role, feature, type, value })}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
    );
  };

  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-5 shadow-soft">
      <div className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="font-serif text-2xl font-semibold text-ink">
          {t(`roles.admin.role.${role}`)}
        </h2>
        <p className="w-full text-sm text-ink-soft">{t(`roles.admin.roleHint.${role}`)}</p>
      </div>
      {body()}
    </li>
  );
}

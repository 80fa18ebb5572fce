import { useTranslation } from 'react-i18next';
import { initials } from '@/lib/initials.ts';
import { useSession } from '@/lib/use-session.ts';
import { DeleteAccount } from './delete-account.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

/** Account: who is signed in, their initials as the picture, two-factor (password accounts), and deleting the account. */
export function AccountTab() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const details = [
    ['name', user.name],
    ['username', user.username],
    ['email', user.email],
  ] as const;
  return (
    <div className="divide-y divide-line">
      <div className="flex items-center gap-5 py-6">
        <span
          role="img"
          aria-label={t('settings.account.avatarLabel')}
          className="grid size-16 shrink-0 place-items-center rounded-full bg-accent font-serif text-2xl font-semibold text-accent-contrast shadow-soft"
        >
          {initials(user.name || user.email)}
        </span>
        <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {details
            .filter(([, value]) => value)
            .map(([field, value]) => (
              <div key={field} className="contents">
                <dt className="text-ink-faint">{t(`settings.account.${field}`)}</dt>
                <dd className="truncate font-medium text-ink">{value}</dd>
              </div>
            ))}
        </dl>
      </div>
      {user.provider === 'local' ? <TwoFactorSettings enabled={user.twoFactorEnabled} /> : null}
      <DeleteAccount email={user.email} />
    </div>
  );
}

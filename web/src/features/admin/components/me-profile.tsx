import type { PublicUser } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button.tsx';
import { initials } from '@/lib/initials.ts';
import { formatDate } from '../lib/format.ts';

/** Everyone who is not an admin: their own profile, as the server knows it. */
export function MeProfile({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation();
  const rows = [
    { label: t('admin.me.name'), value: user.name || user.username },
    { label: t('admin.me.email'), value: user.email },
    { label: t('admin.me.role'), value: t(`admin.roles.${user.role}`) },
    { label: t('admin.me.memberSince'), value: formatDate(user.createdAt, i18n.language) },
  ];
  return (
    <>
      <header className="mb-6">
        <h1 className="font-serif text-4xl leading-tight font-semibold text-ink">{t('admin.me.title')}</h1>
        <p className="mt-1 text-lg text-ink-soft">{t('admin.me.intro')}</p>
      </header>
      <section className="max-w-xl rounded-3xl border border-line bg-surface p-6 shadow-soft">
        <div className="flex items-center gap-4">
          <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-accent-soft font-serif text-xl font-semibold text-accent-strong" aria-hidden="true">
            {initials(user.name || user.email)}
          </span>
          <div className="min-w-0">
            <p className="truncate font-serif text-2xl font-semibold text-ink">{user.name || user.username}</p>
            <p className="truncate text-ink-soft">{user.email}</p>
          </div>
        </div>
        <dl className="mt-6 divide-y divide-line border-t border-line">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
              <dt className="text-sm text-ink-faint">{row.label}</dt>
              <dd className="break-all text-ink sm:text-right">{row.value}</dd>
            </div>
          ))}
        </dl>
        <Link to="/settings/account" className={buttonClasses('secondary', 'sm', 'mt-5')}>
          {t('admin.me.openSettings')}
        </Link>
      </section>
    </>
  );
}

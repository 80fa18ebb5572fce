import type { StartupConfig } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';

/** Privacy and terms links from the interface config; each may open in a new tab. */
export function AuthFooter({ config }: { config: StartupConfig | undefined }) {
  const { t } = useTranslation();
  const links = [
    { key: 'privacy', link: config?.interface.privacyPolicy, label: t('auth.footer.privacy') },
    { key: 'terms', link: config?.interface.termsOfService, label: t('auth.footer.terms') },
  ].filter((item) => item.link?.externalUrl);

  if (links.length === 0) return null;
  return (
    <footer className="px-5 pb-8">
      <ul className="flex items-center justify-center gap-6 text-sm text-ink-faint">
        {links.map(({ key, link, label }) => (
          <li key={key}>
            <a
              href={link!.externalUrl}
              className="hover:text-ink hover:underline hover:underline-offset-4"
              {...(link!.openNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {label}
              {link!.openNewTab ? <span className="sr-only"> {t('auth.footer.newTab')}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </footer>
  );
}

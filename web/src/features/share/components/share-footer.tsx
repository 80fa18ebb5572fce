import { DEFAULT_APP_TITLE, type StartupConfig } from '@meld/shared';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { footerParts } from '../lib/share-format.ts';

const linkClass = 'underline-offset-4 hover:text-ink hover:underline';

/**
 * The share page's fixed footer: the operator's custom text (parts split on `|`) or a credit line
 * to the app, then the privacy and terms links of the interface config.
 */
export function ShareFooter({ config }: { config: StartupConfig | undefined }) {
  const { t } = useTranslation();
  const custom = footerParts(config?.interface.customFooter);
  const appTitle = config?.appTitle || DEFAULT_APP_TITLE;
  const items: { key: string; node: ReactNode }[] =
    custom.length > 0
      ? custom.map((part, index) => ({ key: `custom-${index}`, node: <span>{part}</span> }))
      : // A plain link: the share entry has no router, and the app is another document (decision 0046).
        [{ key: 'credit', node: <a href="/welcome" className={linkClass}>{t('share.footer.credit', { appTitle })}</a> }];

  for (const [key, link, label] of [
    ['privacy', config?.interface.privacyPolicy, t('share.footer.privacy')],
    ['terms', config?.interface.termsOfService, t('share.footer.terms')],
  ] as const) {
    if (!link?.externalUrl) continue;
    items.push({
      key,
      node: (
        <a href={link.externalUrl} className={linkClass} {...(link.openNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {label}
          {link.openNewTab ? <span className="sr-only"> {t('share.footer.newTab')}</span> : null}
        </a>
      ),
    });
  }

  return (
    <footer className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-canvas/90 backdrop-blur">
      <p className="mx-auto flex max-w-3xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-5 py-3 text-center text-xs text-ink-faint">
        {items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 ? <span aria-hidden="true">·</span> : null}
            {item.node}
          </Fragment>
        ))}
      </p>
    </footer>
  );
}

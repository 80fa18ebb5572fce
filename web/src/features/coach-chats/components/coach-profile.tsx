import { useTranslation } from '@/lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { CloseButton } from '@/components/ui/close-button.tsx';
import { useStartupConfig } from '@/lib/config-queries.ts';

const DATA_ITEMS = ['checkIns', 'reflections', 'wins', 'fragments'] as const;

/** What the coach reads and where it goes, in plain words (the same list the server's prompt is built from). */
export function DataUsage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 text-sm leading-relaxed text-ink-soft">
      <p>{t('coachChats.dataUsage.intro')}</p>
      <ul className="list-disc space-y-1 pl-5">
        {DATA_ITEMS.map((item) => (
          <li key={item}>{t(`coachChats.dataUsage.items.${item}`)}</li>
        ))}
      </ul>
      <p>{t('coachChats.dataUsage.provider')}</p>
      <p>{t('coachChats.dataUsage.eachReply')}</p>
    </div>
  );
}

export function DataUsageDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('coachChats.dataUsage.title')}>
      <DataUsage />
      <PrivacyLink />
    </Modal>
  );
}

function PrivacyLink() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const policy = config?.interface.privacyPolicy;
  if (!policy?.externalUrl) return null;
  return (
    <a href={policy.externalUrl} target={policy.openNewTab === false ? undefined : '_blank'} rel="noreferrer" className="mt-4 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline">
      {t('coachChats.profile.privacyPolicy')}
    </a>
  );
}

/** The AI coach profile panel: who the coach is, the privacy policy and the data-usage explanation. */
export function CoachProfilePanel({ onClose, onDataUsage }: { onClose: () => void; onDataUsage: () => void }) {
  const { t } = useTranslation();
  return (
    <aside aria-label={t('coachChats.profile.title')} className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-5 shadow-lift">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="grid size-12 place-items-center rounded-full bg-accent-soft font-serif text-base font-semibold text-accent-strong">AI</span>
          <h2 className="font-serif text-xl font-semibold text-ink">{t('coachChats.profile.title')}</h2>
        </div>
        <CloseButton onClick={onClose} label={t('coachChats.profile.close')} />
      </div>
      <p className="text-sm leading-relaxed text-ink-soft">{t('coachChats.profile.role')}</p>
      <div className="flex flex-col items-start gap-2 border-t border-line pt-4">
        <button type="button" onClick={onDataUsage} className="text-sm font-medium text-accent underline-offset-4 hover:underline">
          {t('coachChats.profile.dataUsage')}
        </button>
        <PrivacyLink />
      </div>
    </aside>
  );
}

/** Without a coach: a calm word and what the member can do instead, never how a coach is set up (decision 0049). */
export function CoachUnavailable() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="coach-unavailable-title" className="mx-auto mt-10 max-w-xl rounded-3xl border border-line bg-surface p-8 text-center shadow-soft">
      <h2 id="coach-unavailable-title" className="font-serif text-2xl font-semibold text-ink">
        {t('coachChats.unavailable.title')}
      </h2>
      <p className="mt-3 text-ink-soft">{t('coachChats.unavailable.body')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/today?reflect=evening" className={buttonClasses('primary')}>
          {t('coachChats.unavailable.reflect')}
        </Link>
        <Link to="/fragments" className={buttonClasses('secondary')}>
          {t('coachChats.unavailable.fragments')}
        </Link>
      </div>
    </section>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { applyLanguageChoice, LANGUAGE_CHOICES, readLanguageChoice, type LanguageChoice } from '../lib/languages.ts';
import { ArchivedChatsDialog } from './archived-chats-dialog.tsx';
import { SettingRow } from './setting-row.tsx';
import { ThemeChoiceControl } from './theme-choice.tsx';

function LanguageSelect({ labelledBy }: { labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const [choice, setChoice] = useState<LanguageChoice>(readLanguageChoice);
  const onChange = (next: LanguageChoice) => {
    setChoice(next);
    void applyLanguageChoice(i18n, next);
  };
  return (
    <span className="relative inline-flex">
      <select
        aria-labelledby={labelledBy}
        value={choice}
        onChange={(event) => onChange(event.target.value as LanguageChoice)}
        className="h-10 min-w-40 appearance-none rounded-xl border border-line-strong bg-surface pr-9 pl-3.5 text-sm text-ink hover:border-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/15 focus:outline-none"
      >
        {LANGUAGE_CHOICES.map((option) => (
          <option key={option} value={option}>
            {t(`settings.general.language.${option}`)}
          </option>
        ))}
      </select>
      <svg viewBox="0 0 16 16" className="pointer-events-none absolute top-1/2 right-3 size-3.5 -translate-y-1/2 text-ink-faint" aria-hidden="true">
        <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** General: theme, language, and the archived-chats table (spec 000 section 2). */
export function GeneralTab() {
  const { t } = useTranslation();
  const themeId = useId();
  const languageId = useId();
  const [managingArchive, setManagingArchive] = useState(false);
  return (
    <div className="divide-y divide-line">
      <SettingRow labelId={themeId} label={t('settings.general.theme.label')} hint={t('settings.general.theme.hint')}>
        <ThemeChoiceControl labelledBy={themeId} />
      </SettingRow>
      <SettingRow labelId={languageId} label={t('settings.general.language.label')} hint={t('settings.general.language.hint')}>
        <LanguageSelect labelledBy={languageId} />
      </SettingRow>
      <SettingRow label={t('settings.general.archived.label')} hint={t('settings.general.archived.hint')}>
        <Button variant="secondary" size="sm" onClick={() => setManagingArchive(true)}>
          {t('settings.manage')}
        </Button>
        <ArchivedChatsDialog open={managingArchive} onOpenChange={setManagingArchive} />
      </SettingRow>
    </div>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { applyLanguageChoice, LANGUAGE_CHOICES, readLanguageChoice, type LanguageChoice } from '@/lib/language-choice.ts';
import { useUpdateUserSettings } from '@/lib/user-settings.ts';
import { ArchivedChatsDialog } from './archived-chats-dialog.tsx';
import { SettingRow } from './setting-row.tsx';
import { SettingSelect, SwitchSetting } from './setting-controls.tsx';
import { ThemeChoiceControl } from './theme-choice.tsx';

/** The cookie keeps the choice for the next start on this device; the server keeps it for the others. */
function LanguageSelect({ labelledBy }: { labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateUserSettings();
  const [choice, setChoice] = useState<LanguageChoice>(readLanguageChoice);
  const onChange = (next: LanguageChoice) => {
    setChoice(next);
    void applyLanguageChoice(i18n, next);
    update.mutate({ language: next });
  };
  const options = LANGUAGE_CHOICES.map((option) => ({ value: option, label: t(`settings.general.language.${option}`) }));
  return <SettingSelect value={choice} options={options} onChange={onChange} labelledBy={labelledBy} />;
}

/** General: theme, language, message display and scrolling, archived chats (spec 000 section 2). */
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
      <SwitchSetting name="userMarkdown" label={t('settings.general.userMarkdown.label')} hint={t('settings.general.userMarkdown.hint')} />
      <SwitchSetting name="autoScroll" label={t('settings.general.autoScroll.label')} hint={t('settings.general.autoScroll.hint')} />
      <SettingRow label={t('settings.general.archived.label')} hint={t('settings.general.archived.hint')}>
        <Button variant="secondary" size="sm" onClick={() => setManagingArchive(true)}>
          {t('settings.manage')}
        </Button>
        <ArchivedChatsDialog open={managingArchive} onOpenChange={setManagingArchive} />
      </SettingRow>
    </div>
  );
}

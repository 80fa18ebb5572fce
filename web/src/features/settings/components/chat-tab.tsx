import { CHAT_DIRECTIONS, FONT_SIZES, FORK_OPTIONS } from '@meld/shared';
import { useTranslation } from '@/lib/use-translation.ts';
import { ChoiceSetting, SwitchSetting } from './setting-controls.tsx';

/** saveBadgesState: the new chat's switches (its temporary-chat badge) keep their state from one new chat to the next. */
const SWITCHES = ['enterToSend', 'centerInput', 'showThinking', 'showCode', 'latex', 'saveDrafts', 'scrollButton', 'saveBadgesState', 'modularChat'] as const;
const FORK_SWITCHES = ['rememberDefaultFork', 'splitAtTarget'] as const;

/** Chat: how conversations look and behave, and the fork defaults (spec 000 section 2). */
export function ChatTab() {
  const { t } = useTranslation();
  const toggle = (name: (typeof SWITCHES)[number] | (typeof FORK_SWITCHES)[number]) => (
    <SwitchSetting key={name} name={name} label={t(`settings.chat.${name}.label`)} hint={t(`settings.chat.${name}.hint`)} />
  );
  return (
    <div className="divide-y divide-line">
      <ChoiceSetting
        name="fontSize"
        label={t('settings.chat.fontSize.label')}
        hint={t('settings.chat.fontSize.hint')}
        options={FONT_SIZES.map((value) => ({ value, label: t(`settings.chat.fontSize.${value}`) }))}
      />
      <ChoiceSetting
        name="chatDirection"
        label={t('settings.chat.chatDirection.label')}
        hint={t('settings.chat.chatDirection.hint')}
        options={CHAT_DIRECTIONS.map((value) => ({ value, label: t(`settings.chat.chatDirection.${value}`) }))}
      />
      {SWITCHES.map(toggle)}
      <section aria-labelledby="settings-fork-heading" className="pt-6">
        <h3 id="settings-fork-heading" className="font-serif text-lg font-semibold text-ink">
          {t('settings.chat.fork.heading')}
        </h3>
        <p className="mt-1 text-sm text-ink-faint">{t('settings.chat.fork.description')}</p>
        <div className="divide-y divide-line">
          <ChoiceSetting
            name="forkSetting"
            label={t('settings.chat.forkSetting.label')}
            hint={t('settings.chat.forkSetting.hint')}
            options={FORK_OPTIONS.map((value) => ({ value, label: t(`settings.chat.forkSetting.${value}`) }))}
          />
          {FORK_SWITCHES.map(toggle)}
        </div>
      </section>
    </div>
  );
}

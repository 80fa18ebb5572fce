import { useTranslation } from '@/lib/use-translation.ts';
import { usePromptsEnabled } from '@/lib/prompt-queries.ts';
import { SwitchSetting } from './setting-controls.tsx';

/**
 * Commands (spec 000 section 2): the composer's commands a member may turn off, with the note
 * saying what they are. `/` (the prompt library) is the composer's one command; where the operator
 * or the role takes prompts away, its toggle is disabled and the note says so.
 */
export function CommandsTab() {
  const { t } = useTranslation();
  const prompts = usePromptsEnabled();
  return (
    <div>
      <p className="rounded-xl border border-line bg-sunken/60 px-4 py-3 text-sm text-ink-soft">{prompts ? t('settings.commands.note') : t('settings.commands.disabledNote')}</p>
      <div className="divide-y divide-line">
        <SwitchSetting name="slashCommand" label={t('settings.commands.slashCommand.label')} hint={t('settings.commands.slashCommand.hint')} disabled={!prompts} />
      </div>
    </div>
  );
}

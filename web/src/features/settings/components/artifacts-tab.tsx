import { settleArtifactSettings, type ArtifactSettings } from '@meld/shared';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings.ts';
import { Switch } from './setting-controls.tsx';
import { SettingRow } from './setting-row.tsx';

type ArtifactSwitch = keyof ArtifactSettings;

function ArtifactSwitchRow({ name, checked, available, onChange }: { name: ArtifactSwitch; checked: boolean; available: boolean; onChange: (next: boolean) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  return (
    <SettingRow labelId={labelId} label={t(`artifacts.settings.${name}.label`)} hint={<span id={hintId}>{t(`artifacts.settings.${name}.hint`)}</span>} inline>
      {/* A disabled fieldset disables the switch inside it. */}
      <fieldset disabled={!available} className="m-0 flex min-w-0 border-0 p-0 disabled:opacity-45">
        <Switch checked={checked} labelledBy={labelId} describedBy={hintId} onChange={onChange} />
      </fieldset>
    </SettingRow>
  );
}

/**
 * Artifacts (spec 000 sections 2 and 4): code artifacts, shadcn/ui and custom prompt mode. Turning
 * artifacts off turns the other two off; custom prompt mode turns shadcn off; shadcn can only be
 * switched with artifacts on and custom prompt mode off.
 */
export function ArtifactsTab() {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const change = (name: ArtifactSwitch) => (next: boolean) => update.mutate(settleArtifactSettings(settings, { [name]: next }));
  return (
    <div>
      <p className="pb-2 text-sm text-ink-soft">{t('artifacts.settings.description')}</p>
      <div className="divide-y divide-line">
        <ArtifactSwitchRow name="artifacts" checked={settings.artifacts} available onChange={change('artifacts')} />
        <ArtifactSwitchRow name="artifactsShadcn" checked={settings.artifactsShadcn} available={settings.artifacts && !settings.artifactsCustomPrompt} onChange={change('artifactsShadcn')} />
        <ArtifactSwitchRow name="artifactsCustomPrompt" checked={settings.artifactsCustomPrompt} available={settings.artifacts} onChange={change('artifactsCustomPrompt')} />
      </div>
    </div>
  );
}

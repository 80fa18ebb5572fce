import type { UserSettings } from '@meld/shared';
import { useId, type ReactNode } from 'react';
import { Switch } from '@/components/ui/switch.tsx';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings.ts';
import { SettingRow } from './setting-row.tsx';

type BooleanSetting = { [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never }[keyof UserSettings];
/** The settings tabs' switch is the shared one. */
export { Switch };

type ChoiceSetting = { [K in keyof UserSettings]: UserSettings[K] extends string ? K : never }[keyof UserSettings];

/** A select styled like the rest of the dialog. */
export function SettingSelect<T extends string>({ value, options, onChange, labelledBy }: { value: T; options: readonly { value: T; label: string }[]; onChange: (next: T) => void; labelledBy: string }) {
  return (
    <span className="relative inline-flex">
      <select
        aria-labelledby={labelledBy}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="h-10 min-w-40 appearance-none rounded-xl border border-line-strong bg-surface pr-9 pl-3.5 text-sm text-ink hover:border-ink-faint focus:border-accent focus:ring-4 focus:ring-accent/15 focus:outline-none"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <svg viewBox="0 0 16 16" className="pointer-events-none absolute top-1/2 right-3 size-3.5 -translate-y-1/2 text-ink-faint" aria-hidden="true">
        <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** A row whose switch reads and saves one on/off user setting. */
export function SwitchSetting({ name, label, hint, disabled }: { name: BooleanSetting; label: ReactNode; hint?: ReactNode; disabled?: boolean }) {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const labelId = useId();
  return (
    <SettingRow labelId={labelId} label={label} hint={hint} inline>
      <Switch checked={settings[name]} labelledBy={labelId} disabled={disabled} onChange={(next) => update.mutate({ [name]: next })} />
    </SettingRow>
  );
}

/** A row whose select reads and saves one user setting with a fixed set of values. */
export function ChoiceSetting<K extends ChoiceSetting>({ name, label, hint, options }: { name: K; label: ReactNode; hint?: ReactNode; options: readonly { value: UserSettings[K]; label: string }[] }) {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const labelId = useId();
  return (
    <SettingRow labelId={labelId} label={label} hint={hint}>
      <SettingSelect value={settings[name]} options={options} labelledBy={labelId} onChange={(next) => update.mutate({ [name]: next } as Partial<UserSettings>)} />
    </SettingRow>
  );
}

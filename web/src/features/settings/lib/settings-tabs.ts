/**
 * The settings dialog's tabs (spec 000 section 2), in one list. `available` marks tabs whose
 * content exists; the dialog lists only those, so a later issue switches a tab on here.
 */
export type SettingsTabId = 'general' | 'chat' | 'speech' | 'artifacts' | 'data' | 'account' | 'commands';

export interface SettingsTab {
  id: SettingsTabId;
  available: boolean;
}

export const SETTINGS_TABS: readonly SettingsTab[] = [
  { id: 'general', available: true },
  { id: 'chat', available: true },
  { id: 'speech', available: true },
  { id: 'artifacts', available: true },
  { id: 'data', available: true },
  { id: 'account', available: true },
  { id: 'commands', available: true },
];

export function visibleSettingsTabs(tabs: readonly SettingsTab[] = SETTINGS_TABS): SettingsTab[] {
  return tabs.filter((tab) => tab.available);
}

/** The tab a URL segment names when it is shown, else null (unknown or not built yet). */
export function findSettingsTab(segment: string | undefined, tabs: readonly SettingsTab[] = SETTINGS_TABS): SettingsTabId | null {
  return visibleSettingsTabs(tabs).find((tab) => tab.id === segment)?.id ?? null;
}

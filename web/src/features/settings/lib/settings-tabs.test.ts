import { describe, expect, it } from 'vitest';
import { findSettingsTab, SETTINGS_TABS, visibleSettingsTabs, type SettingsTab } from './settings-tabs.ts';

const SPEC_ORDER = ['general', 'chat', 'speech', 'data', 'account', 'commands'];

describe('settings tabs', () => {
  it('keeps the spec order', () => {
    expect(SETTINGS_TABS.map((tab) => tab.id).filter((id) => SPEC_ORDER.includes(id))).toEqual(SPEC_ORDER);
    expect(visibleSettingsTabs().map((tab) => tab.id)).toEqual(expect.arrayContaining(SPEC_ORDER));
  });

  it('lists only tabs whose content exists, and shows a tab as soon as it is switched on', () => {
    const tabs: SettingsTab[] = [
      { id: 'general', available: true },
      { id: 'speech', available: false },
      { id: 'data', available: true },
    ];
    expect(visibleSettingsTabs(tabs).map((tab) => tab.id)).toEqual(['general', 'data']);
    expect(findSettingsTab('speech', tabs)).toBeNull();
    const switchedOn = tabs.map((tab) => ({ ...tab, available: true }));
    expect(visibleSettingsTabs(switchedOn).map((tab) => tab.id)).toEqual(['general', 'speech', 'data']);
    expect(findSettingsTab('speech', switchedOn)).toBe('speech');
  });

  it('does not resolve unknown tabs', () => {
    expect(findSettingsTab('speech')).toBe('speech');
    expect(findSettingsTab('nope')).toBeNull();
    expect(findSettingsTab(undefined)).toBeNull();
  });
});

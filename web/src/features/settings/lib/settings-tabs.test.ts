import { describe, expect, it } from 'vitest';
import { findSettingsTab, SETTINGS_TABS, visibleSettingsTabs, type SettingsTab } from './settings-tabs.ts';

describe('settings tabs', () => {
  it('keeps the spec order and lists only tabs whose content exists', () => {
    expect(SETTINGS_TABS.map((tab) => tab.id)).toEqual(['general', 'chat', 'speech', 'data', 'account']);
    expect(visibleSettingsTabs().map((tab) => tab.id)).toEqual(['general', 'chat', 'data', 'account']);
  });

  it('shows a tab as soon as it is switched on', () => {
    const tabs: SettingsTab[] = SETTINGS_TABS.map((tab) => (tab.id === 'speech' ? { ...tab, available: true } : tab));
    expect(visibleSettingsTabs(tabs).map((tab) => tab.id)).toEqual(['general', 'chat', 'speech', 'data', 'account']);
    expect(findSettingsTab('speech', tabs)).toBe('speech');
  });

  it('does not resolve unknown tabs or tabs that are not built yet', () => {
    expect(findSettingsTab('data')).toBe('data');
    expect(findSettingsTab('speech')).toBeNull();
    expect(findSettingsTab('nope')).toBeNull();
    expect(findSettingsTab(undefined)).toBeNull();
  });
});

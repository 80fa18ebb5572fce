import { describe, expect, it } from 'vitest';
import { activeNavItem, NAV_GROUPS, visibleNavGroups, type NavGroup } from './nav-items.ts';
import { initials } from '@/lib/initials.ts';

describe('navigation list', () => {
  it('defines every sidebar route of the spec in one list', () => {
    expect(NAV_GROUPS.flatMap((group) => group.items.map((item) => item.path))).toEqual([
      '/today',
      '/log',
      '/mentor/feed',
      '/chats',
      '/fragments',
      '/library/north-star',
      '/library/wins-vault',
      '/prompts',
      '/agents',
      '/me',
    ]);
  });

  it('shows only available items and drops groups left empty', () => {
    const groups: NavGroup[] = [
      { id: 'home', items: [{ id: 'today', path: '/today', available: true }] },
      { id: 'library', items: [{ id: 'winsVault', path: '/library/wins-vault', available: false }] },
    ];
    expect(visibleNavGroups(groups).map((group) => group.id)).toEqual(['home']);
  });

  it('shows a gated item only while its gate is open', () => {
    const paths = (open: { prompts?: boolean; agents?: boolean }) => visibleNavGroups(NAV_GROUPS, open).flatMap((group) => group.items.map((item) => item.path));
    expect(paths({})).not.toContain('/prompts');
    expect(paths({ prompts: false })).not.toContain('/prompts');
    expect(paths({ prompts: true })).toContain('/prompts');
    expect(paths({ prompts: true })).not.toContain('/agents');
    expect(paths({ agents: true })).toContain('/agents');
  });

  it('derives the active item from the path, and none for a page outside the menu', () => {
    expect(activeNavItem('/library/wins-vault/42')).toBe('winsVault');
    expect(activeNavItem('/chats')).toBe('coach');
    expect(activeNavItem('/c/abc')).toBeNull();
  });

  it('makes initials from a display name', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('maya')).toBe('M');
    expect(initials('  ')).toBe('?');
  });
});

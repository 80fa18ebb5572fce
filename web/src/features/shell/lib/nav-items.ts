/**
 * The programme destinations of spec 002 section 2, in one list, drawn as the sidebar's icon rail
 * (decision 0038). `available` marks routes that exist; the rail shows only those (and only groups
 * with at least one), so later issues switch an item on here when its screen lands.
 */
export type NavGroupId = 'home' | 'mentor' | 'library' | 'me';
export type NavItemId = 'today' | 'log' | 'mentorFeed' | 'coach' | 'fragments' | 'northStar' | 'winsVault' | 'prompts' | 'agents' | 'me';
/** Items the operator's interface toggles and the role's permissions may hide. */
export type NavGate = 'prompts' | 'agents';

export interface NavItem {
  id: NavItemId;
  path: string;
  available: boolean;
  /** Shown only while this gate is open (see visibleNavGroups). */
  gate?: NavGate;
}

/** A group is drawn as a run of rail items set off from the next by a rule; no group collapses. */
export interface NavGroup {
  id: NavGroupId;
  items: NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'home',
    items: [
      { id: 'today', path: '/today', available: true },
      { id: 'log', path: '/log', available: true },
    ],
  },
  {
    id: 'mentor',
    items: [
      { id: 'mentorFeed', path: '/mentor/feed', available: true },
      // Spec 002 calls it "Chats"; named Coach so it is not taken for the conversation history (decision 0038).
      { id: 'coach', path: '/chats', available: true },
      { id: 'fragments', path: '/fragments', available: true },
    ],
  },
  {
    id: 'library',
    items: [
      { id: 'northStar', path: '/library/north-star', available: true },
      { id: 'winsVault', path: '/library/wins-vault', available: true },
      { id: 'prompts', path: '/prompts', available: true, gate: 'prompts' },
      { id: 'agents', path: '/agents', available: true, gate: 'agents' },
    ],
  },
  { id: 'me', items: [{ id: 'me', path: '/me', available: true }] },
];

export function visibleNavGroups(groups: readonly NavGroup[] = NAV_GROUPS, open: Partial<Record<NavGate, boolean>> = {}): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.available && (!item.gate || open[item.gate] === true)) }))
    .filter((group) => group.items.length > 0);
}

/** The item whose route the path is in; none for pages outside the menu (a conversation, search). */
export function activeNavItem(pathname: string, groups: readonly NavGroup[] = NAV_GROUPS): NavItemId | null {
  for (const group of groups) {
    for (const item of group.items) {
      if (pathname === item.path || pathname.startsWith(`${item.path}/`)) return item.id;
    }
  }
  return null;
}

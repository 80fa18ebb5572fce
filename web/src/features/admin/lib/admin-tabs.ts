/**
 * The Admin Panel's tabs, in order. The panel renders whatever is listed here, so the next admin
 * screens (platform users, user interest sign-ups) are one entry and one component each.
 * Each is named by what it holds (docs/decisions/0051-admin-tab-names.md).
 */
export type AdminTabId = 'platformUsers' | 'userInterest' | 'mentorSignups' | 'interviewAnswers' | 'accessCodes' | 'banners' | 'roles';

export const ADMIN_TABS: readonly AdminTabId[] = ['platformUsers', 'userInterest', 'mentorSignups', 'interviewAnswers', 'accessCodes', 'banners', 'roles'];

/** The ids the mentor tabs had before they were named by what they hold: bookmarks still land on them. */
const FORMER_IDS = new Map<string, AdminTabId>([
  ['mentorAnswers', 'mentorSignups'],
  ['mentorResponses', 'interviewAnswers'],
]);

export const adminTabId = (id: AdminTabId) => `admin-tab-${id}`;
export const adminPanelId = (id: AdminTabId) => `admin-panel-${id}`;

/** The tab named in the address (?tab=), or Platform Users. */
export function tabFromSearch(value: string | null): AdminTabId {
  return ADMIN_TABS.find((tab) => tab === value) ?? (value ? FORMER_IDS.get(value) : undefined) ?? 'platformUsers';
}

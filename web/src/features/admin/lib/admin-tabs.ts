/**
 * The Admin Panel's tabs, in order. The panel renders whatever is listed here, so the next admin
 * screens (platform users, user interest sign-ups) are one entry and one component each.
 */
export type AdminTabId = 'platformUsers' | 'userInterest' | 'mentorAnswers' | 'mentorResponses' | 'accessCodes' | 'banners' | 'roles';

export const ADMIN_TABS: readonly AdminTabId[] = ['platformUsers', 'userInterest', 'mentorAnswers', 'mentorResponses', 'accessCodes', 'banners', 'roles'];

export const adminTabId = (id: AdminTabId) => `admin-tab-${id}`;
export const adminPanelId = (id: AdminTabId) => `admin-panel-${id}`;

/** The tab named in the address (?tab=), or Platform Users. */
export function tabFromSearch(value: string | null): AdminTabId {
  return ADMIN_TABS.find((tab) => tab === value) ?? 'platformUsers';
}

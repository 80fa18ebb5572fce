import type { ComponentType } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_TABS, adminPanelId, adminTabId, tabFromSearch, type AdminTabId } from '../lib/admin-tabs.ts';
import { AccessCodesTab } from './access-codes-tab.tsx';
import { AdminTabList } from './admin-tab-list.tsx';
import { BannersTab } from './banners-tab.tsx';
import { MentorSignupsTab } from './mentor-signups-tab.tsx';
import { InterviewAnswersTab } from './interview-answers-tab.tsx';
import { PlatformUsersTab } from './platform-users-tab.tsx';
import { RolesTab } from './roles-tab.tsx';
import { UserInterestTab } from './user-interest-tab.tsx';

const panels: Record<AdminTabId, ComponentType> = {
  platformUsers: PlatformUsersTab,
  userInterest: UserInterestTab,
  mentorSignups: MentorSignupsTab,
  interviewAnswers: InterviewAnswersTab,
  accessCodes: AccessCodesTab,
  banners: BannersTab,
  roles: RolesTab,
};

/** The admin's /me: one tab at a time, named in the address (?tab=) so a reload or a shared link keeps it. */
export function AdminPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const active = tabFromSearch(search.get('tab'));
  const Panel = panels[active];

  const select = (id: AdminTabId) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', id);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <header className="mb-6">
        <h1 className="font-serif text-4xl leading-tight font-semibold text-ink">{t('admin.panel.title')}</h1>
        <p className="mt-1 text-lg text-ink-soft">{t('admin.panel.intro')}</p>
      </header>
      <AdminTabList tabs={ADMIN_TABS} active={active} onSelect={select} />
      <div role="tabpanel" id={adminPanelId(active)} aria-labelledby={adminTabId(active)} className="pt-5">
        <Panel />
      </div>
    </>
  );
}

import { ROLES } from '@meld/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { getSession } from '@/lib/auth-session.ts';
import { roleQuery } from '@/lib/permissions.ts';
import { preloadWhenSignedIn, revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { useSession } from '@/lib/use-session.ts';
import { accessCodesQuery } from '../api/access-code-queries.ts';
import { mentorAnswersQuery, mentorListQuery } from '../api/admin-queries.ts';
import { bannersQuery } from '../api/banner-queries.ts';
import { userInterestQuery } from '../api/interest-queries.ts';
import { usersListQuery } from '../api/users-queries.ts';
import { AdminPanel } from '../components/admin-panel.tsx';
import { MeProfile } from '../components/me-profile.tsx';
import { tabFromSearch, type AdminTabId } from '../lib/admin-tabs.ts';

/** What each Admin Panel tab reads first, with the options its component uses (Platform Users opens unsearched, every role). */
const TAB_DATA: Record<AdminTabId, (queryClient: QueryClient) => void> = {
  platformUsers: (queryClient) => void queryClient.prefetchInfiniteQuery(usersListQuery({ search: '', role: '' })),
  userInterest: (queryClient) => void queryClient.prefetchQuery(userInterestQuery()),
  mentorSignups: (queryClient) => void queryClient.prefetchQuery(mentorListQuery()),
  interviewAnswers: (queryClient) => void queryClient.prefetchQuery(mentorAnswersQuery(null)),
  accessCodes: (queryClient) => void queryClient.prefetchQuery(accessCodesQuery()),
  banners: (queryClient) => void queryClient.prefetchQuery(bannersQuery()),
  roles: (queryClient) => ROLES.forEach((role) => void queryClient.prefetchQuery(roleQuery(role))),
};

/** Asks for an admin's tab (?tab=) as the session is restored (route-data-preload.ts); a profile is the session's own user, nothing to ask. */
export function loader({ request }: LoaderFunctionArgs): null {
  return preloadWhenSignedIn((queryClient) => getSession().user?.role === 'ADMIN' && TAB_DATA[tabFromSearch(new URL(request.url).searchParams.get('tab'))](queryClient));
}

/** The loader runs again only for another tab (?tab=). */
export const shouldRevalidate = revalidateOnSearch('tab');

/**
 * /me (spec 002): admins get the Admin Panel, everyone else their profile. The role is the
 * server's (from the session's user); the admin calls are refused on the server to anyone else.
 */
export function Component() {
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-[96rem] px-4 pt-2 pb-16 sm:px-6">{user?.role === 'ADMIN' ? <AdminPanel /> : user ? <MeProfile user={user} /> : null}</div>
  );
}

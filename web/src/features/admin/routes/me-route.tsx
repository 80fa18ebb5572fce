import { useSession } from '@/lib/use-session.ts';
import { AdminPanel } from '../components/admin-panel.tsx';
import { MeProfile } from '../components/me-profile.tsx';

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

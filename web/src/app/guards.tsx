import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from '@/lib/use-translation.ts';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { useSession } from '@/lib/use-session.ts';

/**
 * Where a signed-in member lands from an auth page, the index route and a sign-in with nowhere it
 * was heading: Today, the programme's daily page (spec 001 says /c/new; decision 0047 says why not).
 */
export const SIGNED_IN_HOME = '/today';

interface FromState {
  from?: { pathname: string; search?: string };
}

/** App routes: unauthenticated visitors go to /login, remembering where they were heading. */
export function RequireAuth() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === 'unknown') return <FullPageSpinner label={t('loading')} />;
  if (session.status === 'anonymous') {
    // After a deliberate sign-out the next sign-in starts fresh rather than returning here.
    const state: FromState | undefined = session.signedOut ? undefined : { from: { pathname: location.pathname, search: location.search } };
    // The guard re-renders the moment the session clears, before the sign-out's own navigation
    // runs, so it must go where that sign-out asked.
    return <Navigate to={session.redirectTo ?? '/login'} replace state={state} />;
  }
  return <Outlet />;
}

/** Auth pages: a signed-in user is sent on, to where the sign-in asked or back where they came from. */
export function GuestOnly() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.status === 'unknown') return <FullPageSpinner label={t('loading')} />;
  if (session.status === 'authenticated') {
    const from = (location.state as FromState | null)?.from;
    const target = session.redirectTo ?? (from ? `${from.pathname}${from.search ?? ''}` : SIGNED_IN_HOME);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

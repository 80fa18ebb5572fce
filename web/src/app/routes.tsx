import { Navigate, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { i18n } from '@/lib/i18n.ts';
import { SHARE_PAGE_PARTS, SIGNED_IN_PARTS, withLocaleParts } from '@/lib/locale-parts.ts';
import { RouteErrorPage } from './error/route-error-page.tsx';
import { surfaceLoadErrors } from './error/route-load-errors.ts';
import { GuestOnly, RequireAuth, SIGNED_IN_HOME } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { revalidateOnSearch } from '@/lib/route-data-preload.ts';
import { preloadConversationRoute, preloadSignedInRoute } from './route-preload.ts';

/** The shell's sidebar carries the chat history, and its phone header the conversation's date; features do not import each other, so they meet here. */
async function shellWithHistory() {
  const [{ ShellLayout }, { ChatHistory }, { HeaderDate }] = await Promise.all([
    import('@/features/shell/routes/shell-route.tsx'),
    import('@/features/chat/components/sidebar/chat-history.tsx'),
    import('@/features/chat/components/header-date.tsx'),
  ]);
  return { Component: () => <ShellLayout history={ChatHistory} headerTitle={HeaderDate} /> };
}

const errorElement = <RouteErrorPage />;

/**
 * Every page is a lazy route module exporting `Component`, so the login page ships only the
 * router, the session and its own chunk; each lazy route fetches the strings it shows with it.
 * A chunk that fails to load shows the error page.
 */
export const appRoutes: RouteObject[] = surfaceLoadErrors([
  {
    element: <RootLayout />,
    errorElement,
    hydrateFallbackElement: <FullPageSpinner label={i18n.t('loading')} />,
    children: [
      { index: true, element: <Navigate to={SIGNED_IN_HOME} replace /> },
      {
        element: <GuestOnly />,
        errorElement,
        children: [
          { path: 'welcome', errorElement, lazy: withLocaleParts(['landing'], () => import('@/features/landing/routes/landing-route.tsx')) },
          {
            errorElement,
            lazy: () => import('@/features/auth/routes/auth-layout-route.tsx'),
            children: [
              { path: 'login', errorElement, lazy: () => import('@/features/auth/routes/login-route.tsx') },
              { path: 'login/2fa', errorElement, lazy: withLocaleParts(['twoFactor'], () => import('@/features/auth/routes/two-factor-route.tsx')) },
              { path: 'register', errorElement, lazy: withLocaleParts(['register'], () => import('@/features/auth/routes/register-route.tsx')) },
              { path: 'forgot-password', errorElement, lazy: () => import('@/features/auth/routes/forgot-password-route.tsx') },
              { path: 'reset-password', errorElement, lazy: () => import('@/features/auth/routes/reset-password-route.tsx') },
              { path: 'users/signup', errorElement, lazy: withLocaleParts(['interest'], () => import('@/features/interest/routes/user-signup-route.tsx')) },
            ],
          },
        ],
      },
      // The auth layout without the guest guard: a signed-in visitor may still sign up as a mentor (spec 001 section 2).
      {
        errorElement,
        lazy: () => import('@/features/auth/routes/auth-layout-route.tsx'),
        children: [
          { path: 'mentors/signup', errorElement, lazy: withLocaleParts(['interest'], () => import('@/features/interest/routes/mentor-signup-route.tsx')) },
          // A signed-in member may follow a verification link too (e-mail on, verification optional).
          { path: 'verify', errorElement, lazy: () => import('@/features/auth/routes/verify-route.tsx') },
        ],
      },
      // Public: readable signed out, and a failed refresh there never redirects to /login.
      { path: 'share/:shareId', errorElement, lazy: withLocaleParts(SHARE_PAGE_PARTS, () => import('@/features/share/routes/share-route.tsx')) },
      // The invited mentor's interview: public (the link's token is the credential), outside both guards so a signed-in admin can open it too.
      {
        path: 'mentor-interview/:token',
        errorElement,
        children: [
          { path: 'start', errorElement, lazy: withLocaleParts(['mentorInterview'], () => import('@/features/mentor-interview/routes/start-route.tsx')) },
          { path: 'question/:step', errorElement, lazy: withLocaleParts(['mentorInterview'], () => import('@/features/mentor-interview/routes/question-route.tsx')) },
          { path: 'complete', errorElement, lazy: withLocaleParts(['mentorInterview'], () => import('@/features/mentor-interview/routes/complete-route.tsx')) },
        ],
      },
      {
        element: <RequireAuth />,
        errorElement,
        children: [
          {
            errorElement,
            loader: preloadSignedInRoute,
            // The shell's data is asked for once per visit; its queries keep it fresh from there.
            shouldRevalidate: revalidateOnSearch(),
            lazy: withLocaleParts(SIGNED_IN_PARTS, shellWithHistory),
            children: [
              { path: 'today', errorElement, lazy: withLocaleParts(['today'], () => import('@/features/today/routes/today-route.tsx')) },
              { path: 'log', errorElement, lazy: withLocaleParts(['log'], () => import('@/features/log/routes/log-route.tsx')) },
              { path: 'library/wins-vault', errorElement, lazy: withLocaleParts(['wins'], () => import('@/features/wins/routes/wins-route.tsx')) },
              { path: 'library/north-star', errorElement, lazy: withLocaleParts(['northStar'], () => import('@/features/north-star/routes/north-star-route.tsx')) },
              { path: 'fragments', errorElement, lazy: withLocaleParts(['fragments'], () => import('@/features/fragments/routes/fragments-route.tsx')) },
              { path: 'chats', errorElement, lazy: withLocaleParts(['coachChats'], () => import('@/features/coach-chats/routes/chats-route.tsx')) },
              { path: 'mentor/feed', errorElement, lazy: () => import('@/features/mentor-feed/routes/mentor-feed-route.tsx') },
              { path: 'mentor-feed', errorElement, lazy: () => import('@/features/mentor-feed/routes/mentor-feed-redirect-route.tsx') },
              { path: 'wins', element: <Navigate to="/library/wins-vault" replace /> },
              { path: 'settings/:tab?', errorElement, lazy: () => import('@/features/settings/routes/settings-route.tsx') },
              { path: 'c/:conversationId', errorElement, loader: preloadConversationRoute, lazy: () => import('@/features/chat/routes/chat-route.tsx') },
              { path: 'search', errorElement, lazy: () => import('@/features/chat/routes/search-route.tsx') },
              { path: 'me', errorElement, lazy: withLocaleParts(['admin', 'adminUsers', 'adminSignups', 'adminBanners'], () => import('@/features/admin/routes/me-route.tsx')) },
              { path: 'prompts/:groupId?', errorElement, lazy: () => import('@/features/prompts/routes/prompts-route.tsx') },
              { path: 'agents/:agentId?', errorElement, lazy: withLocaleParts(['agents'], () => import('@/features/agents/routes/agents-route.tsx')) },
            ],
          },
        ],
      },
    ],
  },
]);

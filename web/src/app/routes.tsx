import { Navigate, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { i18n } from '@/lib/i18n.ts';
import { RouteErrorPage } from './error/route-error-page.tsx';
import { surfaceLoadErrors } from './error/route-load-errors.ts';
import { GuestOnly, RequireAuth, SIGNED_IN_HOME } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';

/** The shell's sidebar carries the chat history; features do not import each other, so they meet here. */
async function shellWithHistory() {
  const [{ ShellLayout }, { ChatHistory }] = await Promise.all([
    import('@/features/shell/routes/shell-route.tsx'),
    import('@/features/chat/components/sidebar/chat-history.tsx'),
  ]);
  return { Component: () => <ShellLayout history={ChatHistory} /> };
}

const errorElement = <RouteErrorPage />;

/**
 * Every page is a lazy route module exporting `Component`, so the login page ships only the
 * router, the session and its own chunk. A chunk that fails to load shows the error page.
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
          { path: 'welcome', errorElement, lazy: () => import('@/features/landing/routes/landing-route.tsx') },
          {
            errorElement,
            lazy: () => import('@/features/auth/routes/auth-layout-route.tsx'),
            children: [
              { path: 'login', errorElement, lazy: () => import('@/features/auth/routes/login-route.tsx') },
              { path: 'login/2fa', errorElement, lazy: () => import('@/features/auth/routes/two-factor-route.tsx') },
              { path: 'register', errorElement, lazy: () => import('@/features/auth/routes/register-route.tsx') },
              { path: 'forgot-password', errorElement, lazy: () => import('@/features/auth/routes/forgot-password-route.tsx') },
              { path: 'reset-password', errorElement, lazy: () => import('@/features/auth/routes/reset-password-route.tsx') },
              { path: 'users/signup', errorElement, lazy: () => import('@/features/interest/routes/user-signup-route.tsx') },
            ],
          },
        ],
      },
      // The auth layout without the guest guard: a signed-in visitor may still sign up as a mentor (spec 001 section 2).
      {
        errorElement,
        lazy: () => import('@/features/auth/routes/auth-layout-route.tsx'),
        children: [
          { path: 'mentors/signup', errorElement, lazy: () => import('@/features/interest/routes/mentor-signup-route.tsx') },
          // A signed-in member may follow a verification link too (e-mail on, verification optional).
          { path: 'verify', errorElement, lazy: () => import('@/features/auth/routes/verify-route.tsx') },
        ],
      },
      // Public: readable signed out, and a failed refresh there never redirects to /login.
      { path: 'share/:shareId', errorElement, lazy: () => import('@/features/share/routes/share-route.tsx') },
      // The invited mentor's interview: public (the link's token is the credential), outside both guards so a signed-in admin can open it too.
      {
        path: 'mentor-interview/:token',
        errorElement,
        children: [
          { path: 'start', errorElement, lazy: () => import('@/features/mentor-interview/routes/start-route.tsx') },
          { path: 'question/:step', errorElement, lazy: () => import('@/features/mentor-interview/routes/question-route.tsx') },
          { path: 'complete', errorElement, lazy: () => import('@/features/mentor-interview/routes/complete-route.tsx') },
        ],
      },
      {
        element: <RequireAuth />,
        errorElement,
        children: [
          {
            errorElement,
            lazy: shellWithHistory,
            children: [
              { path: 'today', errorElement, lazy: () => import('@/features/today/routes/today-route.tsx') },
              { path: 'log', errorElement, lazy: () => import('@/features/log/routes/log-route.tsx') },
              { path: 'library/wins-vault', errorElement, lazy: () => import('@/features/wins/routes/wins-route.tsx') },
              { path: 'library/north-star', errorElement, lazy: () => import('@/features/north-star/routes/north-star-route.tsx') },
              { path: 'fragments', errorElement, lazy: () => import('@/features/fragments/routes/fragments-route.tsx') },
              { path: 'chats', errorElement, lazy: () => import('@/features/coach-chats/routes/chats-route.tsx') },
              { path: 'mentor/feed', errorElement, lazy: () => import('@/features/mentor-feed/routes/mentor-feed-route.tsx') },
              { path: 'mentor-feed', errorElement, lazy: () => import('@/features/mentor-feed/routes/mentor-feed-redirect-route.tsx') },
              { path: 'wins', element: <Navigate to="/library/wins-vault" replace /> },
              { path: 'settings/:tab?', errorElement, lazy: () => import('@/features/settings/routes/settings-route.tsx') },
              { path: 'c/:conversationId', errorElement, lazy: () => import('@/features/chat/routes/chat-route.tsx') },
              { path: 'search', errorElement, lazy: () => import('@/features/chat/routes/search-route.tsx') },
              { path: 'me', errorElement, lazy: () => import('@/features/admin/routes/me-route.tsx') },
              { path: 'prompts/:groupId?', errorElement, lazy: () => import('@/features/prompts/routes/prompts-route.tsx') },
              { path: 'agents/:agentId?', errorElement, lazy: () => import('@/features/agents/routes/agents-route.tsx') },
            ],
          },
        ],
      },
    ],
  },
]);

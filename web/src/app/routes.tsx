import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { i18n } from '@/lib/i18n.ts';
import { RouteErrorPage } from './error/route-error-page.tsx';
import { GuestOnly, RequireAuth, SIGNED_IN_HOME } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';

/** /c/new belongs to the chat screen of a later issue; until it exists it forwards to Today. */
function NewChatRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: SIGNED_IN_HOME, search }} replace />;
}

const errorElement = <RouteErrorPage />;

/**
 * Every page is a lazy route module exporting `Component`, so the login page ships only the
 * router, the session and its own chunk.
 */
export const appRoutes: RouteObject[] = [
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
              { path: 'register', errorElement, lazy: () => import('@/features/auth/routes/register-route.tsx') },
            ],
          },
        ],
      },
      // Public: readable signed out, and a failed refresh there never redirects to /login.
      { path: 'share/:shareId', errorElement, lazy: () => import('@/features/share/routes/share-route.tsx') },
      {
        element: <RequireAuth />,
        errorElement,
        children: [
          {
            errorElement,
            lazy: () => import('@/features/shell/routes/shell-route.tsx'),
            children: [
              { path: 'today', errorElement, lazy: () => import('@/features/today/routes/today-route.tsx') },
              { path: 'settings/:tab?', errorElement, lazy: () => import('@/features/settings/routes/settings-route.tsx') },
            ],
          },
          { path: 'c/new', element: <NewChatRedirect /> },
        ],
      },
    ],
  },
];

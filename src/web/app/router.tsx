import { createBrowserRouter } from 'react-router';
import { AppLayout } from './app-layout.tsx';
import {
  AccountPage,
  AdminPage,
  EditorPage,
  HomePage,
  IntegrationsPage,
  LoginPage,
  MarketplacePage,
  NotFoundPage,
  PricingPage,
  ProfilePage,
  SignupPage,
} from './lazy-pages.ts';
import { RouteError } from './route-error.tsx';
import { WorkspaceLayout } from './workspace-layout.tsx';

/** Routes from spec §2. The editor fills the window, so it has its own layout without the site header. */
export const router = createBrowserRouter([
  {
    element: <WorkspaceLayout />,
    errorElement: <RouteError />,
    children: [{ path: 'components/:slug', element: <EditorPage /> }],
  },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'users/:id', element: <ProfilePage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'marketplace', element: <MarketplacePage /> },
      { path: 'account', element: <AccountPage /> },
      { path: 'account/integrations', element: <IntegrationsPage /> },
      { path: 'admin', element: <AdminPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

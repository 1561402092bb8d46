import { createBrowserRouter } from 'react-router';
import { AppLayout } from './app-layout.tsx';
import { AccountPage, HomePage, LoginPage, NotFoundPage, ProfilePage, SignupPage } from './lazy-pages.ts';
import { RouteError } from './route-error.tsx';

/** Routes from spec §2. Later capabilities add theirs (components/:slug, pricing…) here. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'users/:id', element: <ProfilePage /> },
      { path: 'account', element: <AccountPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

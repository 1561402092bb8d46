import { lazy } from 'react';

// Each page is its own chunk, so the first load carries only the shell and the page opened.
export const HomePage = lazy(() => import('../home/home-page.tsx'));
export const LoginPage = lazy(() => import('../auth/login-page.tsx'));
export const SignupPage = lazy(() => import('../auth/signup-page.tsx'));
export const ProfilePage = lazy(() => import('../profile/profile-page.tsx'));
export const AccountPage = lazy(() => import('../account/account-page.tsx'));
export const NotFoundPage = lazy(() => import('./not-found-page.tsx'));
export const EditorPage = lazy(() => import('../editor/editor-page.tsx'));
export const PricingPage = lazy(() => import('../pricing/pricing-page.tsx'));
export const MarketplacePage = lazy(() => import('../marketplace/marketplace-page.tsx'));
export const IntegrationsPage = lazy(() => import('../account/integrations-page.tsx'));
export const AdminPage = lazy(() => import('../admin/admin-page.tsx'));

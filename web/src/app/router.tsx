import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';

import { NotFound } from '../components/not-found';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { SetupPage } from '../features/auth/components/setup-page';
import { CollectionPage } from '../features/gallery/components/collection-page';
import { PlatformPage } from '../features/gallery/components/platform-page';
import { SearchPage } from '../features/gallery/components/search-page';
import { HomePage } from '../features/home/components/home-page';
import { PlayerPage } from '../features/rom/components/player-page';
import { RomDetailsPage } from '../features/rom/components/rom-details-page';
import { ScanPage } from '../features/scan/components/scan-page';
import { AdministrationPage } from '../features/settings/components/administration-page';
import { LibraryManagementPage } from '../features/settings/components/library-management-page';
import { ProfilePage } from '../features/settings/components/profile-page';
import { ServerStatsPage } from '../features/settings/components/server-stats-page';
import { UserInterfacePage } from '../features/settings/components/user-interface-page';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { RootRoute } from './root-route';
import type { RouteHandle } from './route-handle';

const handle = (value: RouteHandle): RouteHandle => value;

/** Every route of SPEC §2, with page titles (translation keys) and required scopes (SPEC §6). */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            path: '/setup',
            element: <SetupPage />,
            handle: handle({ title: 'login:setup.title' }),
          },
          {
            path: '/login',
            element: <LoginPage />,
            handle: handle({ title: 'login:login.title' }),
          },
          {
            path: '/reset-password',
            element: <ResetPasswordPage />,
            handle: handle({ title: 'login:reset.title' }),
          },
          {
            path: '/register',
            element: <RegisterPage />,
            handle: handle({ title: 'login:register.title' }),
          },
        ],
      },
      {
        path: '/',
        element: <MainLayout />,
        children: [
          { index: true, element: <HomePage />, handle: handle({ title: 'home:home.title' }) },
          {
            path: 'search',
            element: <SearchPage />,
            handle: handle({ title: 'gallery:search.title' }),
          },
          { path: 'platform/:platform', element: <PlatformPage /> },
          { path: 'collection/:collection', element: <CollectionPage kind="regular" /> },
          { path: 'collection/virtual/:collection', element: <CollectionPage kind="virtual" /> },
          { path: 'collection/smart/:collection', element: <CollectionPage kind="smart" /> },
          { path: 'rom/:rom', element: <RomDetailsPage /> },
          { path: 'rom/:rom/ejs', element: <PlayerPage kind="ejs" /> },
          { path: 'rom/:rom/ruffle', element: <PlayerPage kind="ruffle" /> },
          {
            path: 'scan',
            element: <ScanPage />,
            handle: handle({ title: 'scan:scan.title', scopes: ['platforms.write'] }),
          },
          { path: 'user/:user', element: <ProfilePage /> },
          {
            path: 'user-interface',
            element: <UserInterfacePage />,
            handle: handle({ title: 'settings:user-interface.title' }),
          },
          {
            path: 'library-management',
            element: <LibraryManagementPage />,
            handle: handle({
              title: 'settings:library-management.title',
              scopes: ['platforms.write'],
            }),
          },
          {
            path: 'administration',
            element: <AdministrationPage />,
            handle: handle({ title: 'settings:administration.title', scopes: ['users.write'] }),
          },
          {
            path: 'server-stats',
            element: <ServerStatsPage />,
            handle: handle({ title: 'settings:server-stats.title' }),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

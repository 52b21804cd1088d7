import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';

import { NotFound } from '../components/not-found';
import { preloadPlatformGallery } from '../features/gallery/gallery-preload';
import { continuePlayingQueryOptions, recentRomsQueryOptions } from '@/shared/api/recent-roms';
import { platformsQueryOptions } from '@/shared/api/platforms';
import { romQueryOptions } from '@/shared/api/rom';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { RootRoute } from './root-route';
import type { RouteHandle } from './route-handle';

const handle = (value: RouteHandle): RouteHandle => value;

/*
 * Pages load on demand (route `lazy`), so the first download stays small whatever the number of
 * pages (the sign-in forms' fields stay out of a signed-in visitor's). The layouts stay in the
 * main bundle.
 */
const page = {
  login: () => import('../features/auth/components/login-page'),
  setup: () => import('../features/auth/components/setup-page'),
  setupLibrary: () => import('../features/auth/components/setup-library-page'),
  resetPassword: () => import('../features/auth/components/reset-password-page'),
  register: () => import('../features/auth/components/register-page'),
  home: () => import('../features/home/components/home-page'),
  search: () => import('../features/gallery/components/search-page'),
  platform: () => import('../features/gallery/components/platform-page'),
  collection: () => import('../features/gallery/components/collection-page'),
  rom: () => import('../features/rom/components/rom-details-page'),
  ejsPlayer: () => import('../features/player/components/ejs-player-page'),
  rufflePlayer: () => import('../features/player/components/ruffle-player-page'),
  scan: () => import('../features/scan/components/scan-page'),
  administration: () => import('../features/settings/components/administration-page'),
  tasks: () => import('../features/settings/components/tasks-page'),
  logs: () => import('../features/settings/components/logs-page'),
  scanSettings: () => import('../features/settings/components/scan-settings-page'),
  metadataSources: () => import('../features/settings/components/metadata-sources-page'),
  libraryManagement: () => import('../features/settings/components/library-management-page'),
  profile: () => import('../features/settings/components/profile-page'),
  serverStats: () => import('../features/settings/components/server-stats-page'),
  userInterface: () => import('../features/settings/components/user-interface-page'),
  clientTokens: () => import('../features/client-tokens/components/client-tokens-page'),
  devicePair: () => import('../features/client-tokens/components/device-pair-page'),
  consoleLayout: () => import('../features/console/components/console-layout'),
  consoleHome: () => import('../features/console/components/console-home'),
  consoleLists: () => import('../features/console/components/console-lists'),
  consoleGame: () => import('../features/console/components/console-game'),
};

/** Every route of SPEC §2, with page titles (translation keys) and required scopes (SPEC §6). */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    // Shown (as nothing: the loading logo is still up) while a lazy page loads at start-up.
    HydrateFallback: () => null,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            path: '/setup',
            lazy: async () => ({ Component: (await page.setup()).SetupPage }),
            handle: handle({ title: 'login:setup.title' }),
          },
          {
            path: '/setup/library',
            lazy: async () => ({ Component: (await page.setupLibrary()).SetupLibraryPage }),
            handle: handle({
              title: 'login:setup-library.title',
              scopes: ['platforms.write'],
              wide: true,
            }),
          },
          {
            path: '/login',
            lazy: async () => ({ Component: (await page.login()).LoginPage }),
            handle: handle({ title: 'login:login.title' }),
          },
          {
            path: '/reset-password',
            lazy: async () => ({ Component: (await page.resetPassword()).ResetPasswordPage }),
            handle: handle({ title: 'login:reset.title' }),
          },
          {
            path: '/register',
            lazy: async () => ({ Component: (await page.register()).RegisterPage }),
            handle: handle({ title: 'login:register.title' }),
          },
        ],
      },
      {
        path: '/console',
        lazy: async () => ({ Component: (await page.consoleLayout()).ConsoleLayout }),
        handle: handle({ title: 'console:title' }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await page.consoleHome()).ConsoleHome }),
            handle: handle({
              preload: (client) => [
                client.query(platformsQueryOptions()),
                client.query(continuePlayingQueryOptions()),
              ],
            }),
          },
          {
            path: 'platform/:platform',
            lazy: async () => ({ Component: (await page.consoleLists()).ConsolePlatformScreen }),
          },
          {
            path: 'collection/:kind/:collection',
            lazy: async () => ({ Component: (await page.consoleLists()).ConsoleCollectionScreen }),
          },
          {
            path: 'rom/:rom',
            lazy: async () => ({ Component: (await page.consoleGame()).ConsoleGameScreen }),
            handle: handle({
              preload: (client, { rom = '' }) => [client.query(romQueryOptions(rom))],
            }),
          },
        ],
      },
      {
        path: '/',
        element: <MainLayout />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await page.home()).HomePage }),
            handle: handle({
              title: 'home:home.title',
              preload: (client) => [
                client.query(platformsQueryOptions()),
                client.query(recentRomsQueryOptions()),
                client.query(continuePlayingQueryOptions()),
              ],
            }),
          },
          {
            path: 'search',
            lazy: async () => ({ Component: (await page.search()).SearchPage }),
            handle: handle({ title: 'gallery:search.title' }),
          },
          {
            path: 'platform/:platform',
            lazy: async () => ({ Component: (await page.platform()).PlatformPage }),
            handle: handle({
              preload: (client, { platform = '' }) => [
                client.query(platformsQueryOptions()),
                preloadPlatformGallery(client, platform, window.location.search) ??
                  Promise.resolve(),
              ],
            }),
          },
          {
            path: 'collection/:collection',
            lazy: async () => {
              const { CollectionPage } = await page.collection();
              return { element: <CollectionPage kind="regular" /> };
            },
          },
          {
            path: 'collection/virtual/:collection',
            lazy: async () => {
              const { CollectionPage } = await page.collection();
              return { element: <CollectionPage kind="virtual" /> };
            },
          },
          {
            path: 'collection/smart/:collection',
            lazy: async () => {
              const { CollectionPage } = await page.collection();
              return { element: <CollectionPage kind="smart" /> };
            },
          },
          {
            path: 'rom/:rom',
            lazy: async () => ({ Component: (await page.rom()).RomDetailsPage }),
            handle: handle({
              preload: (client, { rom = '' }) => [client.query(romQueryOptions(rom))],
            }),
          },
          {
            path: 'rom/:rom/ejs',
            lazy: async () => ({ Component: (await page.ejsPlayer()).EjsPlayerPage }),
          },
          {
            path: 'rom/:rom/ruffle',
            lazy: async () => ({ Component: (await page.rufflePlayer()).RufflePlayerPage }),
          },
          {
            path: 'scan',
            lazy: async () => ({ Component: (await page.scan()).ScanPage }),
            handle: handle({ title: 'scan:scan.title', scopes: ['platforms.write'] }),
          },
          {
            path: 'user/:user',
            lazy: async () => ({ Component: (await page.profile()).ProfilePage }),
          },
          {
            path: 'user-interface',
            lazy: async () => ({ Component: (await page.userInterface()).UserInterfacePage }),
            handle: handle({ title: 'settings:user-interface.title' }),
          },
          {
            path: 'client-api-tokens',
            lazy: async () => ({ Component: (await page.clientTokens()).ClientTokensPage }),
            handle: handle({ title: 'tokens:page.title', scopes: ['me.write'] }),
          },
          {
            path: 'pair/device',
            lazy: async () => ({ Component: (await page.devicePair()).DevicePairPage }),
            handle: handle({ title: 'tokens:device.title', scopes: ['me.write'] }),
          },
          {
            path: 'library-management',
            lazy: async () => ({
              Component: (await page.libraryManagement()).LibraryManagementPage,
            }),
            handle: handle({
              title: 'settings:library-management.title',
              scopes: ['platforms.write'],
            }),
          },
          {
            path: 'administration',
            lazy: async () => ({ Component: (await page.administration()).AdministrationPage }),
            handle: handle({ title: 'settings:administration.title', scopes: ['users.write'] }),
          },
          {
            path: 'administration/tasks',
            lazy: async () => ({ Component: (await page.tasks()).TasksPage }),
            handle: handle({ title: 'settings:tasks.title', scopes: ['tasks.run'] }),
          },
          {
            path: 'administration/logs',
            lazy: async () => ({ Component: (await page.logs()).LogsPage }),
            handle: handle({ title: 'settings:logs.title', scopes: ['logs.read'] }),
          },
          {
            path: 'scan-settings',
            lazy: async () => ({ Component: (await page.scanSettings()).ScanSettingsPage }),
            handle: handle({ title: 'settings:scan-settings.title', scopes: ['platforms.write'] }),
          },
          {
            path: 'metadata-sources',
            lazy: async () => ({ Component: (await page.metadataSources()).MetadataSourcesPage }),
            handle: handle({
              title: 'settings:metadata-priority.page-title',
              scopes: ['platforms.write'],
            }),
          },
          {
            path: 'server-stats',
            lazy: async () => ({ Component: (await page.serverStats()).ServerStatsPage }),
            handle: handle({ title: 'settings:server-stats.title' }),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/**
 * Loads a game's page code (its detail cards too) and its details into the cache ahead of a
 * likely click (a pointer over its card), so the page opens complete.
 */
export function prefetchRomPage(queryClient: QueryClient, id: string): void {
  page
    .rom()
    .then((module) => module.preloadRomSections())
    .catch((error: unknown) => console.error('Could not load the game page', error));
  queryClient.query(romQueryOptions(id)).catch(() => undefined);
}

/** Loads the game page's code (a big chunk) without waiting for it. */
export function preloadRomPageCode(): void {
  page.rom().catch((error: unknown) => console.error('Could not load the game page', error));
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}

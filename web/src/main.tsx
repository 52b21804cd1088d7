import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';

import { SIGNED_IN_COOKIE } from '@romshelf/contract';

import { afterFirstCards } from './app/after-first-cards';
import { Providers, queryClient } from './app/providers';
import { preloadRomMenu } from './app/rom-actions-provider';
import { preloadRoute } from './app/route-preload';
import { watchRomLinks } from './app/rom-link-prefetch';
import { createAppRouter, prefetchRomPage, preloadRomPageCode, routes } from './app/router';
import { readCookie } from './lib/cookies';
import { initI18n } from './lib/i18n';
import { isWebglAvailable } from './lib/playability';
import { setNavigator } from './lib/navigator';
import { loadStartupData } from '@/app/startup';
import { followUserUiSettings } from '@/app/ui-settings-sync';
import { useLanguageStore } from './lib/stores/language-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useThemeStore, watchSystemTheme } from './lib/stores/theme-store';

/** Runs `task` as soon as the browser has nothing else to do (while answers are on their way). */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task);
  else setTimeout(task, 0);
}

async function start(): Promise<void> {
  useLanguageStore.getState().loadFromStorage();
  useThemeStore.getState().loadFromStorage();
  useNavigationStore.getState().loadFromStorage();
  watchSystemTheme();

  const signedIn = readCookie(SIGNED_IN_COOKIE) !== null;
  preloadRoute(routes, window.location.pathname, queryClient, signedIn);
  if (signedIn) {
    preloadRomMenu();
    // Every game card asks whether WebGL works (a canvas context, tens of milliseconds on a slow
    // machine): asked while the first answers load rather than inside the first cards' render.
    whenIdle(() => void isWebglAvailable());
  }
  await Promise.all([
    initI18n().catch((error: unknown) => console.error('Could not start translations', error)),
    loadStartupData(),
  ]);
  followUserUiSettings();

  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate(to, options));
  // A game's page opens at once from a card: its code once the first cards show, its details
  // when the pointer comes over the card.
  watchRomLinks(document, (id) => prefetchRomPage(queryClient, id));
  if (signedIn) afterFirstCards(document, preloadRomPageCode);

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();

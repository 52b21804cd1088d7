import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';

import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { setNavigator } from './lib/navigator';
import { loadStartupData } from '@/app/startup';
import { followUserUiSettings } from '@/app/ui-settings-sync';
import { useLanguageStore } from './lib/stores/language-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useThemeStore, watchSystemTheme } from './lib/stores/theme-store';

async function start(): Promise<void> {
  useLanguageStore.getState().loadFromStorage();
  useThemeStore.getState().loadFromStorage();
  useNavigationStore.getState().loadFromStorage();
  watchSystemTheme();

  await Promise.all([
    initI18n().catch((error: unknown) => console.error('Could not start translations', error)),
    loadStartupData(),
  ]);
  followUserUiSettings();

  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate(to, options));

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

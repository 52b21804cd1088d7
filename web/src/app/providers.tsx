import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';

import { useThemeStore } from '../lib/stores/theme-store';
import { buildTheme, withoutAnimations } from '../lib/theme';
import { useUiSetting } from '@/shared/stores/ui-settings-store';
import { RomActionsProvider } from './rom-actions-provider';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/** With animations off, nothing moves: no transitions, animations or smooth scrolling. */
const STILL_STYLES = {
  '*, *::before, *::after': {
    animationDuration: '0s !important',
    animationIterationCount: '1 !important',
    transitionDuration: '0s !important',
    transitionDelay: '0s !important',
    scrollBehavior: 'auto !important',
  },
} as const;

function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeStore((state) => state.theme);
  const still = useUiSetting('disableAnimations');
  const theme = useMemo(() => {
    const base = buildTheme(mode);
    return still ? withoutAnimations(base) : base;
  }, [mode, still]);
  useEffect(() => {
    document.documentElement.dataset.animations = still ? 'off' : 'on';
  }, [still]);
  // The browser's (and the installed app's) title bar takes the page's background colour.
  const background = theme.palette.background.default;
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
  }, [background]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {still ? <GlobalStyles styles={STILL_STYLES} /> : null}
      {children}
    </ThemeProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <RomActionsProvider>{children}</RomActionsProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ReactNode } from 'react';

import { useThemeStore } from '../lib/stores/theme-store';
import { buildTheme } from '../lib/theme';
import { RomActionsProvider } from './rom-actions-provider';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useThemeStore((state) => state.theme);
  const theme = useMemo(() => buildTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
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

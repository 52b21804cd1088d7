import { BREAKPOINTS, THEME_COLORS } from '@romshelf/contract';
import { alpha, createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

import type { ThemeName } from './stores/theme-store';

type NamedColors = typeof THEME_COLORS.named;

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface Palette {
    named: NamedColors;
    toplayer: string;
  }
  interface PaletteOptions {
    named?: NamedColors;
    toplayer?: string;
  }
}

const SURFACES = {
  dark: {
    paper: '#161B22',
    toplayer: '#1C2330',
    secondary: '#9E8CD6',
    divider: 'rgba(240, 246, 252, 0.10)',
  },
  light: {
    paper: '#FFFFFF',
    toplayer: '#E4E9F0',
    secondary: '#553E98',
    divider: 'rgba(31, 35, 40, 0.12)',
  },
} as const;

/*
 * Colours used as text or behind text: each reads at 4.5:1 or better (WCAG AA) on its theme's
 * background, paper and top layer, and on a selected (tinted) control. Dark primary is the SPEC's
 * #8B74E8 a shade lighter, the named colours are the SPEC's hues darkened (light) or lightened
 * (dark).
 */
const READABLE = {
  dark: {
    primary: '#9A86F0',
    error: '#FF7B72',
    success: '#3FB950',
    info: '#58A6FF',
    warning: '#D29922',
  },
  light: {
    primary: THEME_COLORS.light.primary,
    error: '#B42318',
    success: '#1A7F37',
    info: '#1A5FD0',
    warning: '#8A6100',
  },
} as const;

/** The MUI theme for one mode, from the SPEC colours and breakpoints. */
export function buildTheme(mode: ThemeName): Theme {
  const colors = THEME_COLORS[mode];
  const surface = SURFACES[mode];
  const readable = READABLE[mode];
  const dark = mode === 'dark';
  return createTheme({
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: {
      mode,
      // Text on a filled colour is white or black, whichever reads at 4.5:1 (MUI's default is 3).
      contrastThreshold: 4.5,
      primary: { main: readable.primary },
      secondary: { main: surface.secondary },
      error: { main: readable.error },
      success: { main: readable.success },
      info: { main: readable.info },
      warning: { main: readable.warning },
      background: { default: colors.background, paper: surface.paper },
      divider: surface.divider,
      named: THEME_COLORS.named,
      toplayer: surface.toplayer,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        '"Inter", "Segoe UI", Roboto, system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontWeight: 700, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { backgroundColor: colors.background },
        },
      },
      MuiPaper: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiCard: {
        styleOverrides: {
          root: {
            borderRadius: 16,
            border: `1px solid ${surface.divider}`,
          },
        },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: {
            backgroundColor: alpha(colors.background, 0.85),
            backdropFilter: 'blur(10px)',
            borderBottom: `1px solid ${surface.divider}`,
          },
        },
      },
      MuiDrawer: {
        styleOverrides: { paper: { backgroundColor: surface.paper, borderColor: surface.divider } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        // Button labels are short: one line, never broken in two by a narrow row.
        styleOverrides: { root: { borderRadius: 10, whiteSpace: 'nowrap' } },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 10,
            '&.Mui-selected': {
              backgroundColor: alpha(readable.primary, dark ? 0.18 : 0.12),
            },
          },
        },
      },
      MuiTooltip: { defaultProps: { arrow: true } },
      // Subtitles label parts of a page; they are no headings (MUI makes them h6 by default,
      // which breaks the page's heading order). A subtitle that is a heading says so itself.
      MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    },
  });
}

/** The same theme with MUI's own motion off: no transitions and no ripples (animations off). */
export function withoutAnimations(theme: Theme): Theme {
  return createTheme(theme, {
    transitions: { create: () => 'none' },
    components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  });
}

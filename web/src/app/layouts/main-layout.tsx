import MenuRounded from '@mui/icons-material/MenuRounded';
import { PRODUCT_NAME } from '@romshelf/contract';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';

import { Logo } from '../../components/logo';
import { NotFound } from '../../components/not-found';
import { hideLoadingLogo } from '../../lib/loading-logo';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useKioskVisitor } from '@/shared/stores/kiosk';
import { useUploadStore } from '@/shared/stores/upload-store';
import { useGuardNotFound } from '../guard-context';
import { LibrarySync } from '../library-sync';
import { PermissionSync } from '../permission-sync';
import { GlobalShortcuts } from '../shortcuts/global-shortcuts';
import { Drawers } from './drawers';
import { MAIN_BAR_COLLAPSED_WIDTH, MAIN_BAR_WIDTH, MainBar } from './main-bar';
import { SearchBox } from './search-box';
import { KioskSignIn } from './kiosk-sign-in';
import { UserMenu } from './user-menu';

const APP_BAR_HEIGHT = 64;

/* The upload dialog and tray load when the user first uploads, not with every page. */
const UploadDialog = lazy(async () => ({
  default: (await import('../../features/upload/components/upload-dialog')).UploadDialog,
}));
const UploadTray = lazy(async () => ({
  default: (await import('../../features/upload/components/upload-tray')).UploadTray,
}));

/** The upload dialog and tray, mounted from the dialog's first opening on (so it can close). */
function Uploads() {
  const wanted = useUploadStore((state) => state.dialogOpen || state.items.length > 0);
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <UploadDialog />
      <UploadTray />
    </Suspense>
  );
}

/** App bar, navigation rail, drawers and the page. */
export function MainLayout() {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('lg'));
  const collapsed = useNavigationStore((state) => state.mainBarCollapsed);
  const [railOpen, setRailOpen] = useState(false);
  const notFound = useGuardNotFound();
  const kiosk = useKioskVisitor();
  useEffect(hideLoadingLogo, []);

  const railWidth = collapsed ? MAIN_BAR_COLLAPSED_WIDTH : MAIN_BAR_WIDTH;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t2) => t2.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 2, minHeight: APP_BAR_HEIGHT }}>
          {mobile ? (
            <IconButton
              edge="start"
              onClick={() => setRailOpen(true)}
              aria-label={t('nav.open-menu')}
              data-testid="open-menu"
            >
              <MenuRounded />
            </IconButton>
          ) : null}
          <Box
            component={RouterLink}
            to="/"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.25,
              color: 'inherit',
              textDecoration: 'none',
              flexShrink: 0,
            }}
          >
            {/* Named "Home" by its mark, then the product name where it shows. */}
            <Logo size={32} label={t('nav.home')} />
            <Typography
              variant="h6"
              component="span"
              sx={{
                fontWeight: 800,
                letterSpacing: '-0.02em',
                display: { xs: 'none', sm: 'block' },
              }}
            >
              {PRODUCT_NAME}
            </Typography>
          </Box>
          <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
            <SearchBox />
          </Box>
          {kiosk.visitor ? <KioskSignIn /> : <UserMenu />}
        </Toolbar>
      </AppBar>

      {mobile ? (
        <Drawer
          open={railOpen}
          onClose={() => setRailOpen(false)}
          slotProps={{
            paper: {
              sx: { width: MAIN_BAR_WIDTH, pt: `${APP_BAR_HEIGHT}px` },
              'aria-label': t('nav.main'),
            } as object,
          }}
        >
          <MainBar collapsed={false} onNavigate={() => setRailOpen(false)} />
        </Drawer>
      ) : (
        <Box
          sx={{
            width: railWidth,
            flexShrink: 0,
            transition: theme.transitions.create('width', {
              duration: theme.transitions.duration.shorter,
            }),
          }}
        >
          <Box
            sx={{
              position: 'fixed',
              top: APP_BAR_HEIGHT,
              bottom: 0,
              width: railWidth,
              borderRight: `1px solid ${theme.palette.divider}`,
              bgcolor: 'background.default',
              overflowX: 'hidden',
              transition: theme.transitions.create('width', {
                duration: theme.transitions.duration.shorter,
              }),
            }}
          >
            <MainBar collapsed={collapsed} />
          </Box>
        </Box>
      )}

      <Box component="main" sx={{ flex: 1, minWidth: 0, pt: `${APP_BAR_HEIGHT}px` }}>
        <Box sx={{ px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 }, maxWidth: 1600, mx: 'auto' }}>
          {notFound ? <NotFound /> : <Outlet />}
        </Box>
      </Box>
      <Drawers />
      <LibrarySync />
      <PermissionSync />
      <Uploads />
      <GlobalShortcuts />
    </Box>
  );
}

import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import HubRounded from '@mui/icons-material/HubRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import LibraryBooksRounded from '@mui/icons-material/LibraryBooksRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PaletteRounded from '@mui/icons-material/PaletteRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { hasScopes, useAuthStore } from '@/shared/stores/auth-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import type { DrawerName } from '@/shared/stores/navigation-store';
import { useLogout } from '../use-logout';

/*
 * The drawers' contents load on first opening: their lists, editors and dialogs need not weigh on
 * every page's first download.
 */
const PlatformsDrawerContent = lazy(async () => ({
  default: (await import('./platforms-drawer')).PlatformsDrawerContent,
}));
const PlatformInfo = lazy(async () => ({
  default: (await import('../../features/gallery/components/platform-info')).PlatformInfo,
}));
const CollectionsDrawerContent = lazy(async () => ({
  default: (await import('../../features/collections/components/collections-drawer'))
    .CollectionsDrawerContent,
}));
const CollectionInfo = lazy(async () => ({
  default: (await import('../../features/collections/components/collection-info')).CollectionInfo,
}));

function DrawerFrame({
  name,
  anchor,
  title,
  children,
}: {
  name: DrawerName;
  anchor: 'left' | 'right';
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const open = useNavigationStore((state) => state.activeDrawer === name);
  const resetDrawers = useNavigationStore((state) => state.resetDrawers);
  return (
    <Drawer
      anchor={anchor}
      open={open}
      onClose={resetDrawers}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: { xs: '88vw', sm: 360 } },
          'data-testid': `drawer-${name}`,
          'aria-labelledby': `drawer-${name}-title`,
        } as object,
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 2 }}
      >
        <Typography variant="h6" component="h2" id={`drawer-${name}-title`}>
          {title}
        </Typography>
        <IconButton onClick={resetDrawers} aria-label={t('actions.close')}>
          <CloseRounded />
        </IconButton>
      </Stack>
      <Box sx={{ px: 2.5, pb: 3, flex: 1, overflowY: 'auto' }}>
        <Suspense fallback={null}>{children}</Suspense>
      </Box>
    </Drawer>
  );
}

/** Scan settings, metadata sources and the logs viewer, for those who may use them. */
function adminWindowEntries(
  t: TFunction<'common'>,
  scopes: readonly string[],
  logsViewer: boolean,
) {
  const canScan = hasScopes(scopes, ['platforms.write']);
  return [
    ...(canScan
      ? [
          {
            id: 'scan-settings',
            icon: <TuneRounded />,
            label: t('nav.scan-settings'),
            to: '/scan-settings',
          },
          {
            id: 'metadata-sources',
            icon: <HubRounded />,
            label: t('nav.metadata-sources'),
            to: '/metadata-sources',
          },
        ]
      : []),
    ...(logsViewer && hasScopes(scopes, ['logs.read'])
      ? [
          {
            id: 'logs',
            icon: <ReceiptLongRounded />,
            label: t('nav.logs'),
            to: '/administration/logs',
          },
        ]
      : []),
  ];
}

/** The five drawers of the main layout; the navigation store keeps at most one open. */
export function Drawers() {
  const { t } = useTranslation('common');
  const user = useAuthStore((state) => state.user);
  const scopes = useAuthStore((state) => state.oauth_scopes);
  const { resetDrawers } = useNavigationStore();
  const logout = useLogout();
  const canScan = hasScopes(scopes, ['platforms.write']);
  const logsViewer =
    useHeartbeatStore((state) => state.value?.FRONTEND.DISABLE_LOGS_VIEWER) === false;

  const settingsEntries = [
    {
      id: 'profile',
      icon: <PersonRounded />,
      label: t('nav.profile'),
      to: `/user/${user ? String(user.id) : ''}`,
    },
    {
      id: 'user-interface',
      icon: <PaletteRounded />,
      label: t('nav.user-interface'),
      to: '/user-interface',
    },
    ...(canScan
      ? [
          {
            id: 'library-management',
            icon: <LibraryBooksRounded />,
            label: t('nav.library-management'),
            to: '/library-management',
          },
        ]
      : []),
    ...(hasScopes(scopes, ['users.write'])
      ? [
          {
            id: 'administration',
            icon: <AdminPanelSettingsRounded />,
            label: t('nav.administration'),
            to: '/administration',
          },
        ]
      : []),
    ...(hasScopes(scopes, ['tasks.run'])
      ? [
          {
            id: 'tasks',
            icon: <ScheduleRounded />,
            label: t('nav.tasks'),
            to: '/administration/tasks',
          },
        ]
      : []),
    ...adminWindowEntries(t, scopes, logsViewer),
    {
      id: 'server-stats',
      icon: <InsightsRounded />,
      label: t('nav.server-stats'),
      to: '/server-stats',
    },
  ];

  return (
    <>
      <DrawerFrame name="platforms" anchor="left" title={t('drawers.platforms.title')}>
        <PlatformsDrawerContent />
      </DrawerFrame>
      <DrawerFrame name="collections" anchor="left" title={t('drawers.collections.title')}>
        <CollectionsDrawerContent />
      </DrawerFrame>
      <DrawerFrame name="settings" anchor="left" title={t('drawers.settings.title')}>
        <List sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {settingsEntries.map((entry) => (
            <ListItem key={entry.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={entry.to}
                onClick={resetDrawers}
                data-testid={`settings-${entry.id}`}
              >
                <ListItemIcon>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <ListItemButton onClick={() => void logout()} data-testid="settings-logout">
              <ListItemIcon>
                <LogoutRounded />
              </ListItemIcon>
              <ListItemText primary={t('nav.logout')} />
            </ListItemButton>
          </ListItem>
        </List>
      </DrawerFrame>
      <DrawerFrame name="platformInfo" anchor="right" title={t('drawers.platform-info.title')}>
        <PlatformInfo />
      </DrawerFrame>
      <DrawerFrame name="collectionInfo" anchor="right" title={t('drawers.collection-info.title')}>
        <CollectionInfo />
      </DrawerFrame>
    </>
  );
}

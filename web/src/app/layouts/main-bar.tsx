import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

import { useRandomGame } from '@/components/use-random-game';
import { isScanActive, useScanStore } from '../../features/scan/stores/scan-store';
import { hasScopes, useAuthStore } from '@/shared/stores/auth-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useUploadStore } from '@/shared/stores/upload-store';
import { NAV_ITEMS } from './nav-items';
import type { NavItem } from './nav-items';

export const MAIN_BAR_WIDTH = 264;
export const MAIN_BAR_COLLAPSED_WIDTH = 76;

/** The navigation rail: pages, drawers and the collapse toggle (state kept in local settings). */
export function MainBar({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const scopes = useAuthStore((state) => state.oauth_scopes);
  const { activeDrawer, toggleDrawer, goHome, goScan, goSearch, resetDrawers, toggleMainBar } =
    useNavigationStore();

  // The Scan entry spins while a scan runs, wherever the user is.
  const scanning = useScanStore((state) => isScanActive(state.status));
  const random = useRandomGame();
  const items = NAV_ITEMS.filter((item) => hasScopes(scopes, item.scopes ?? []));

  const activate = (item: NavItem) => {
    if (item.drawer) {
      toggleDrawer(item.drawer);
      return;
    }
    onNavigate?.();
    if (item.action === 'home') goHome();
    else if (item.action === 'scan') goScan();
    else if (item.action === 'search') goSearch();
    else if (item.action === 'upload') useUploadStore.getState().openDialog();
    else if (item.action === 'random') {
      resetDrawers();
      random.pick();
    } else if (item.to) {
      resetDrawers();
      void navigate(item.to);
    }
  };

  const isSelected = (item: NavItem) =>
    item.drawer
      ? activeDrawer === item.drawer
      : !activeDrawer && item.to !== undefined && location.pathname === item.to;

  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      data-testid="main-bar"
      data-collapsed={collapsed ? 'true' : 'false'}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', py: 1.5 }}
    >
      <List sx={{ px: 1.5, display: 'flex', flexDirection: 'column', gap: 0.5, flex: 1 }}>
        {items.map((item) => {
          const label = t(item.labelKey);
          const button = (
            <ListItemButton
              key={item.id}
              selected={isSelected(item)}
              onClick={() => activate(item)}
              aria-label={label}
              data-testid={`nav-${item.id}`}
              sx={{
                flexGrow: 0,
                minHeight: 44,
                px: collapsed ? 0 : 1.5,
                justifyContent: collapsed ? 'center' : 'flex-start',
              }}
            >
              <ListItemIcon
                sx={{
                  minWidth: collapsed ? 0 : 40,
                  color: isSelected(item) ? 'primary.main' : undefined,
                  justifyContent: 'center',
                }}
              >
                {(item.action === 'scan' && scanning) ||
                (item.action === 'random' && random.pending) ? (
                  <CircularProgress
                    size={22}
                    thickness={5}
                    data-testid={`nav-${item.id}-running`}
                  />
                ) : (
                  item.icon
                )}
              </ListItemIcon>
              {collapsed ? null : (
                <ListItemText
                  primary={label}
                  slotProps={{ primary: { sx: { fontWeight: 500, lineHeight: 1.25 } } }}
                />
              )}
            </ListItemButton>
          );
          return collapsed ? (
            <Tooltip key={item.id} title={label} placement="right">
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </List>
      <Divider sx={{ mx: 1.5, mb: 1 }} />
      <Box sx={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-end', px: 1.5 }}>
        <Tooltip title={collapsed ? t('nav.expand') : t('nav.collapse')} placement="right">
          <IconButton
            onClick={toggleMainBar}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            data-testid="main-bar-toggle"
          >
            {collapsed ? <ChevronRightRounded /> : <ChevronLeftRounded />}
          </IconButton>
        </Tooltip>
      </Box>
      {random.notice}
    </Box>
  );
}

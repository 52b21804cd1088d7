import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { useRandomGame } from '@/components/use-random-game';
import { isScanActive, useScanStore } from '../../features/scan/stores/scan-store';
import { hasScopes } from '@/shared/stores/auth-store';
import { useEffectiveScopes, useKioskVisitor } from '@/shared/stores/kiosk';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useUploadStore } from '@/shared/stores/upload-store';
import { NAV_ITEMS } from './nav-items';
import type { NavItem } from './nav-items';

/** The entries a kiosk visitor gets: browsing only. */
const KIOSK_NAV = new Set(['home', 'search', 'platforms', 'collections', 'random']);

export const MAIN_BAR_WIDTH = 264;
export const MAIN_BAR_COLLAPSED_WIDTH = 76;

/** One entry of the rail in its list item: a link for a page, else a button. */
function MainBarEntry({
  item,
  label,
  collapsed,
  selected,
  busy,
  onActivate,
}: {
  item: NavItem;
  label: string;
  collapsed: boolean;
  selected: boolean;
  busy: boolean;
  onActivate: () => void;
}) {
  const props = {
    selected,
    onClick: onActivate,
    'aria-label': label,
    'data-testid': `nav-${item.id}`,
    sx: {
      flexGrow: 0,
      minHeight: 44,
      px: collapsed ? 0 : 1.5,
      justifyContent: collapsed ? 'center' : 'flex-start',
    },
  };
  const content = (
    <>
      <ListItemIcon
        sx={{
          minWidth: collapsed ? 0 : 40,
          color: selected ? 'primary.main' : undefined,
          justifyContent: 'center',
        }}
      >
        {busy ? (
          <CircularProgress size={22} thickness={5} data-testid={`nav-${item.id}-running`} />
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
    </>
  );
  const button = item.to ? (
    <ListItemButton
      {...props}
      component={RouterLink}
      to={item.to}
      aria-current={selected ? 'page' : undefined}
    >
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton {...props}>{content}</ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {collapsed ? (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

/**
 * The navigation rail: pages (real links, so they open in a new tab too), drawers, actions and
 * the collapse toggle (state kept in local settings).
 */
export function MainBar({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const scopes = useEffectiveScopes();
  const kiosk = useKioskVisitor();
  const { activeDrawer, toggleDrawer, resetDrawers, toggleMainBar } = useNavigationStore();

  // The Scan entry spins while a scan runs, wherever the user is.
  const scanning = useScanStore((state) => isScanActive(state.status));
  const random = useRandomGame();
  const items = NAV_ITEMS.filter(
    (item) => hasScopes(scopes, item.scopes ?? []) && (!kiosk.visitor || KIOSK_NAV.has(item.id)),
  );

  const activate = (item: NavItem) => {
    if (item.drawer) {
      toggleDrawer(item.drawer);
      return;
    }
    onNavigate?.();
    if (item.action === 'upload') useUploadStore.getState().openDialog();
    else {
      // A page link navigates by itself; drawers close on the way.
      resetDrawers();
      if (item.action === 'random') random.pick();
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
        {items.map((item) => (
          <MainBarEntry
            key={item.id}
            item={item}
            label={t(item.labelKey)}
            collapsed={collapsed}
            selected={isSelected(item)}
            busy={(item.id === 'scan' && scanning) || (item.action === 'random' && random.pending)}
            onActivate={() => activate(item)}
          />
        ))}
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

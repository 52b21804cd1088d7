import KeyRounded from '@mui/icons-material/KeyRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PaletteRounded from '@mui/icons-material/PaletteRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useAuthStore } from '@/shared/stores/auth-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useLogout } from '../use-logout';

/** Avatar button with profile, user interface and logout. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const { t: tTokens } = useTranslation('tokens');
  const { t: tConsole } = useTranslation('console');
  const user = useAuthStore((state) => state.user);
  const resetDrawers = useNavigationStore((state) => state.resetDrawers);
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  /** Menu entries are links; following one closes the menu and any drawer. */
  const link = (to: string) => ({
    component: RouterLink,
    to,
    onClick: () => {
      close();
      resetDrawers();
    },
  });
  const initial = user?.username.charAt(0).toUpperCase() ?? '?';
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('user-menu.open')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        data-testid="user-menu-button"
      >
        <Avatar
          sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 16, fontWeight: 700 }}
        >
          {initial}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          // A landmark of its own: the menu opens outside the page's regions.
          paper: {
            component: 'nav',
            'aria-label': t('user-menu.label'),
            sx: { minWidth: 220, mt: 1 },
          } as object,
        }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1, pb: 0.25 }} noWrap>
          {user?.username}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ px: 2, pb: 1, display: 'block' }}
        >
          {user ? t(`roles.${user.role}`) : null}
        </Typography>
        <Divider />
        <MenuItem {...link(`/user/${user ? String(user.id) : ''}`)} data-testid="user-menu-profile">
          <ListItemIcon>
            <PersonRounded fontSize="small" />
          </ListItemIcon>
          {t('nav.profile')}
        </MenuItem>
        <MenuItem {...link('/user-interface')} data-testid="user-menu-user-interface">
          <ListItemIcon>
            <PaletteRounded fontSize="small" />
          </ListItemIcon>
          {t('nav.user-interface')}
        </MenuItem>
        <MenuItem {...link('/console')} data-testid="user-menu-console">
          <ListItemIcon>
            <SportsEsportsRounded fontSize="small" />
          </ListItemIcon>
          {tConsole('enter')}
        </MenuItem>
        <MenuItem {...link('/client-api-tokens')} data-testid="user-menu-client-tokens">
          <ListItemIcon>
            <KeyRounded fontSize="small" />
          </ListItemIcon>
          {tTokens('page.title')}
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
          data-testid="user-menu-logout"
        >
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          {t('nav.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

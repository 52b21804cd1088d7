import DeleteRounded from '@mui/icons-material/DeleteRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import HistoryToggleOffRounded from '@mui/icons-material/HistoryToggleOffRounded';
import LibraryAddRounded from '@mui/icons-material/LibraryAddRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { ActionRom } from '@/components/rom-actions-context';
import { useIsAdmin } from '@/shared/api/hidden-items';
import { useHasScopes } from '@/shared/stores/use-scopes';

/** What the menu's entries start; each closes the menu first. */
export interface RomMenuActions {
  toggleFavourite: () => void;
  collect: () => void;
  pickStatus: () => void;
  removeFromContinuePlaying: () => void;
  edit: () => void;
  match: () => void;
  refresh: () => void;
  remove: () => void;
  hideFrom: () => void;
}

function Entry({
  testId,
  icon,
  label,
  danger = false,
  onPick,
}: {
  testId: string;
  icon: ReactNode;
  label: string;
  danger?: boolean;
  onPick: () => void;
}) {
  return (
    <MenuItem
      data-testid={testId}
      onClick={onPick}
      sx={danger ? { color: 'error.main' } : undefined}
    >
      <ListItemIcon sx={danger ? { color: 'inherit' } : undefined}>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

/** The entries of a game's ⋮ menu, each shown only with the scope it needs. */
export function RomMenuItems({
  rom,
  anchor,
  open,
  onClose,
  actions,
}: {
  rom: ActionRom;
  anchor: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  actions: RomMenuActions;
}) {
  const { t } = useTranslation('rom');
  const canWrite = useHasScopes('roms.write');
  const canScan = useHasScopes('platforms.write');
  const canCollect = useHasScopes('collections.write');
  const admin = useIsAdmin();
  const favourite = rom.rom_user.is_favorite;
  const pick = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <Menu
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      // A named region: the menu opens outside the page's landmarks.
      slotProps={{ paper: { role: 'region', 'aria-label': t('actions.menu') } as object }}
    >
      <Entry
        testId="rom-menu-favourite"
        icon={favourite ? <FavoriteRounded color="error" /> : <FavoriteBorderRounded />}
        label={favourite ? t('personal.unfavourite') : t('personal.add-favourite')}
        onPick={pick(actions.toggleFavourite)}
      />
      {canCollect ? (
        <Entry
          testId="rom-menu-collection"
          icon={<LibraryAddRounded />}
          label={t('collections.add')}
          onPick={pick(actions.collect)}
        />
      ) : null}
      <Entry
        testId="rom-menu-status"
        icon={<FlagRounded />}
        label={t('personal.set-status')}
        onPick={pick(actions.pickStatus)}
      />
      {rom.rom_user.last_played ? (
        <Entry
          testId="rom-menu-remove-played"
          icon={<HistoryToggleOffRounded />}
          label={t('personal.remove-continue')}
          onPick={pick(actions.removeFromContinuePlaying)}
        />
      ) : null}
      {canWrite ? <Divider /> : null}
      {canWrite ? (
        <Entry
          testId="rom-menu-edit"
          icon={<EditRounded />}
          label={t('actions.edit')}
          onPick={pick(actions.edit)}
        />
      ) : null}
      {canWrite ? (
        <Entry
          testId="rom-menu-match"
          icon={<TravelExploreRounded />}
          label={t('match.open')}
          onPick={pick(actions.match)}
        />
      ) : null}
      {canScan ? (
        <Entry
          testId="rom-menu-refresh"
          icon={<SyncRounded />}
          label={t('actions.refreshMetadata')}
          onPick={pick(actions.refresh)}
        />
      ) : null}
      {admin ? (
        <Entry
          testId="rom-menu-hide-from"
          icon={<VisibilityOffRounded />}
          label={t('common:hidden.hide-from')}
          onPick={pick(actions.hideFrom)}
        />
      ) : null}
      {canWrite ? (
        <Entry
          testId="rom-menu-delete"
          icon={<DeleteRounded />}
          label={t('actions.delete')}
          danger
          onPick={pick(actions.remove)}
        />
      ) : null}
    </Menu>
  );
}

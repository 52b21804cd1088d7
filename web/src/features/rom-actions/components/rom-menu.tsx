import DeleteRounded from '@mui/icons-material/DeleteRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import HistoryToggleOffRounded from '@mui/icons-material/HistoryToggleOffRounded';
import LibraryAddRounded from '@mui/icons-material/LibraryAddRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import type { PlayStatus } from '@romshelf/contract';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { gameTitle } from '@/components/game-cover';
import { PlayStatusMenu } from '@/components/play-status-menu';
import { useRomActions } from '@/components/rom-actions-context';
import type { RomMenuProps } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';
import { romKeys } from '@/shared/api/rom-keys';
import { saveRomProps, withRomUser } from '@/shared/api/rom-props';
import type { PropsChange } from '@/shared/api/rom-props';
import { useHasScopes } from '@/shared/stores/use-scopes';

// The dialogs load when first opened: a gallery shows a menu on every card, rarely a dialog.
const EditRomDialog = lazy(async () => ({
  default: (await import('./edit-rom-dialog')).EditRomDialog,
}));
const MatchRomDialog = lazy(async () => ({
  default: (await import('./match/match-rom-dialog')).MatchRomDialog,
}));
const DeleteRomsDialog = lazy(async () => ({
  default: (await import('./delete-roms-dialog')).DeleteRomsDialog,
}));
const AddToCollectionDialog = lazy(async () => ({
  default: (await import('./add-to-collection-dialog')).AddToCollectionDialog,
}));

/**
 * The ⋮ menu of a game (cards and details): edit and delete (roms.write), favourite, add to
 * collection (collections.write), play status, remove from continue playing. Owns its dialogs.
 */
export function RomMenu({
  rom,
  onChanged,
  onDeleted,
  onError,
  size = 'small',
  overlay = false,
}: RomMenuProps) {
  const { t } = useTranslation('rom');
  const queryClient = useQueryClient();
  const canWrite = useHasScopes('roms.write');
  const canScan = useHasScopes('platforms.write');
  const canCollect = useHasScopes('collections.write');
  const { refreshMetadata } = useRomActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [statusOpen, setStatusOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [matching, setMatching] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [collecting, setCollecting] = useState(false);

  const saveProps = useMutation({
    mutationFn: (change: PropsChange) => saveRomProps(queryClient, rom, change),
    onSuccess: (romUser) => {
      onChanged?.(withRomUser(rom, romUser));
      void queryClient.invalidateQueries({ queryKey: romKeys.all });
    },
    onError: (cause) => onError?.(errorMessage(cause)),
  });
  const props = (change: PropsChange) => saveProps.mutate(change);
  const favourite = rom.rom_user.is_favorite;

  return (
    <>
      <IconButton
        size={size}
        aria-label={t('actions.menu')}
        aria-haspopup="menu"
        data-testid="rom-menu"
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setAnchor(event.currentTarget);
          setOpen(true);
        }}
        sx={
          overlay
            ? {
                color: 'common.white',
                bgcolor: 'rgba(10,12,20,0.6)',
                backdropFilter: 'blur(4px)',
                '&:hover': { bgcolor: 'rgba(10,12,20,0.8)' },
              }
            : undefined
        }
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={open}
        onClose={() => setOpen(false)}
        // A named region: the menu opens outside the page's landmarks.
        slotProps={{ paper: { role: 'region', 'aria-label': t('actions.menu') } as object }}
      >
        <MenuItem
          data-testid="rom-menu-favourite"
          onClick={() => {
            setOpen(false);
            props({ data: { is_favorite: !favourite } });
          }}
        >
          <ListItemIcon>
            {favourite ? <FavoriteRounded color="error" /> : <FavoriteBorderRounded />}
          </ListItemIcon>
          <ListItemText>
            {favourite ? t('personal.unfavourite') : t('personal.add-favourite')}
          </ListItemText>
        </MenuItem>
        {canCollect ? (
          <MenuItem
            data-testid="rom-menu-collection"
            onClick={() => {
              setOpen(false);
              setCollecting(true);
            }}
          >
            <ListItemIcon>
              <LibraryAddRounded />
            </ListItemIcon>
            <ListItemText>{t('collections.add')}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem
          data-testid="rom-menu-status"
          onClick={() => {
            setOpen(false);
            setStatusOpen(true);
          }}
        >
          <ListItemIcon>
            <FlagRounded />
          </ListItemIcon>
          <ListItemText>{t('personal.set-status')}</ListItemText>
        </MenuItem>
        {rom.rom_user.last_played ? (
          <MenuItem
            data-testid="rom-menu-remove-played"
            onClick={() => {
              setOpen(false);
              props({ remove_last_played: true });
            }}
          >
            <ListItemIcon>
              <HistoryToggleOffRounded />
            </ListItemIcon>
            <ListItemText>{t('personal.remove-continue')}</ListItemText>
          </MenuItem>
        ) : null}
        {canWrite ? <Divider /> : null}
        {canWrite ? (
          <MenuItem
            data-testid="rom-menu-edit"
            onClick={() => {
              setOpen(false);
              setEditing(true);
            }}
          >
            <ListItemIcon>
              <EditRounded />
            </ListItemIcon>
            <ListItemText>{t('actions.edit')}</ListItemText>
          </MenuItem>
        ) : null}
        {canWrite ? (
          <MenuItem
            data-testid="rom-menu-match"
            onClick={() => {
              setOpen(false);
              setMatching(true);
            }}
          >
            <ListItemIcon>
              <TravelExploreRounded />
            </ListItemIcon>
            <ListItemText>{t('match.open')}</ListItemText>
          </MenuItem>
        ) : null}
        {canScan ? (
          <MenuItem
            data-testid="rom-menu-refresh"
            onClick={() => {
              setOpen(false);
              refreshMetadata([rom]);
            }}
          >
            <ListItemIcon>
              <SyncRounded />
            </ListItemIcon>
            <ListItemText>{t('actions.refreshMetadata')}</ListItemText>
          </MenuItem>
        ) : null}
        {canWrite ? (
          <MenuItem
            data-testid="rom-menu-delete"
            onClick={() => {
              setOpen(false);
              setDeleting(true);
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteRounded />
            </ListItemIcon>
            <ListItemText>{t('actions.delete')}</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>
      <PlayStatusMenu
        anchorEl={anchor}
        open={statusOpen}
        onClose={() => setStatusOpen(false)}
        current={rom.rom_user.status}
        onPick={(status: PlayStatus | null) => props({ data: { status } })}
      />
      <Suspense fallback={null}>
        {canCollect && collecting ? (
          <AddToCollectionDialog
            romIds={[rom.id]}
            gameName={gameTitle(rom)}
            open
            onClose={() => setCollecting(false)}
          />
        ) : null}
        {canWrite && editing ? (
          <EditRomDialog rom={rom} open onClose={() => setEditing(false)} onSaved={onChanged} />
        ) : null}
        {canWrite && matching ? (
          <MatchRomDialog rom={rom} open onClose={() => setMatching(false)} onMatched={onChanged} />
        ) : null}
        {canWrite && deleting ? (
          <DeleteRomsDialog
            roms={[rom]}
            open
            onClose={() => setDeleting(false)}
            onDeleted={onDeleted}
          />
        ) : null}
      </Suspense>
    </>
  );
}

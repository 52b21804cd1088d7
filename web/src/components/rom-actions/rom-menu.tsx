import DeleteRounded from '@mui/icons-material/DeleteRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import HistoryToggleOffRounded from '@mui/icons-material/HistoryToggleOffRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import type { DetailedRom, PlayStatus, RomUser, SimpleRom } from '@romshelf/contract';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { updateRomProps, withRomUser } from '@/lib/api/rom-actions';
import type { PropsChange } from '@/lib/api/rom-actions';
import { removeCachedContinuePlaying, updateCachedRom } from '@/shared/api/rom-cache';
import { romKeys } from '@/shared/api/rom-keys';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { PlayStatusMenu } from '../play-status-menu';
import { DeleteRomsDialog } from './delete-roms-dialog';
import { EditRomDialog } from './edit-rom-dialog';
import { MatchRomDialog } from './match-rom-dialog';

type MenuRom = SimpleRom | DetailedRom;

/** Saves personal data and spreads the answer to lists and rails. */
export async function saveRomProps(
  queryClient: QueryClient,
  rom: MenuRom,
  change: PropsChange,
): Promise<RomUser> {
  const romUser = await updateRomProps(rom.id, change);
  updateCachedRom(queryClient, withRomUser({ id: rom.id, rom_user: rom.rom_user }, romUser));
  if (change.remove_last_played) removeCachedContinuePlaying(queryClient, rom.id);
  return romUser;
}

/**
 * The ⋮ menu of a game (cards and details): edit and delete (roms.write), favourite, play
 * status, remove from continue playing. Owns its dialogs.
 */
export function RomMenu({
  rom,
  onChanged,
  onDeleted,
  onError,
  size = 'small',
  overlay = false,
}: {
  rom: MenuRom;
  onChanged?: (rom: MenuRom) => void;
  onDeleted?: (ids: number[]) => void;
  onError?: (message: string) => void;
  size?: 'small' | 'medium';
  /** Drawn over a cover: a dark round background. */
  overlay?: boolean;
}) {
  const { t } = useTranslation('rom');
  const queryClient = useQueryClient();
  const canWrite = useHasScopes('roms.write');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [statusOpen, setStatusOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [matching, setMatching] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const props = async (change: PropsChange) => {
    try {
      const romUser = await saveRomProps(queryClient, rom, change);
      onChanged?.(withRomUser(rom, romUser));
      void queryClient.invalidateQueries({ queryKey: romKeys.all });
    } catch (cause) {
      onError?.(errorMessage(cause));
    }
  };
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
      <Menu anchorEl={anchor} open={open} onClose={() => setOpen(false)}>
        <MenuItem
          data-testid="rom-menu-favourite"
          onClick={() => {
            setOpen(false);
            void props({ data: { is_favorite: !favourite } });
          }}
        >
          <ListItemIcon>
            {favourite ? <FavoriteRounded color="error" /> : <FavoriteBorderRounded />}
          </ListItemIcon>
          <ListItemText>
            {favourite ? t('personal.unfavourite') : t('personal.add-favourite')}
          </ListItemText>
        </MenuItem>
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
              void props({ remove_last_played: true });
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
        onPick={(status: PlayStatus | null) => void props({ data: { status } })}
      />
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
    </>
  );
}

import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import type { PlayStatus } from '@romshelf/contract';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { gameTitle } from '@/components/game-cover';
import { PlayStatusMenu } from '@/components/play-status-menu';
import { useRomActions } from '@/components/rom-actions-context';
import type { RomMenuProps } from '@/components/rom-actions-context';
import { withRomUser } from '@/shared/api/rom-props';
import type { PropsChange } from '@/shared/api/rom-props';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { useRomPropsMutation } from '../api/rom-props';
import { RomMenuItems } from './rom-menu-items';

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
const HideFromDialog = lazy(async () => ({
  default: (await import('@/components/hide-from-dialog')).HideFromDialog,
}));

/**
 * The ⋮ menu of a game (cards and details): edit and delete (roms.write), favourite, add to
 * collection (collections.write), play status, remove from continue playing. Owns its dialogs.
 * Its menus, dialogs and writes are made when first opened: a gallery draws dozens of cards,
 * each with this button.
 */
export function RomMenu({ size = 'small', overlay = false, ...menu }: RomMenuProps) {
  const { t } = useTranslation('rom');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);

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
      {anchor ? (
        <OpenedRomMenu {...menu} anchor={anchor} open={open} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** The menu itself, the play status menu it leads to, and the dialogs its items open. */
function OpenedRomMenu({
  rom,
  onChanged,
  onDeleted,
  onError,
  anchor,
  open,
  onClose,
}: Omit<RomMenuProps, 'size' | 'overlay'> & {
  anchor: HTMLElement;
  open: boolean;
  onClose: () => void;
}) {
  const canWrite = useHasScopes('roms.write');
  const canCollect = useHasScopes('collections.write');
  const { refreshMetadata } = useRomActions();
  const [statusOpen, setStatusOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [matching, setMatching] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const [hiding, setHiding] = useState(false);

  const saveProps = useRomPropsMutation(
    rom,
    (romUser) => onChanged?.(withRomUser(rom, romUser)),
    onError,
  );
  const props = (change: PropsChange) => saveProps.mutate(change);

  return (
    <>
      <RomMenuItems
        rom={rom}
        anchor={anchor}
        open={open}
        onClose={onClose}
        actions={{
          toggleFavourite: () => props({ data: { is_favorite: !rom.rom_user.is_favorite } }),
          collect: () => setCollecting(true),
          pickStatus: () => setStatusOpen(true),
          removeFromContinuePlaying: () => props({ remove_last_played: true }),
          edit: () => setEditing(true),
          match: () => setMatching(true),
          refresh: () => refreshMetadata([rom]),
          remove: () => setDeleting(true),
          hideFrom: () => setHiding(true),
        }}
      />
      <PlayStatusMenu
        anchorEl={anchor}
        open={statusOpen}
        onClose={() => setStatusOpen(false)}
        current={rom.rom_user.status}
        onPick={(status: PlayStatus | null) => props({ data: { status } })}
      />
      <Suspense fallback={null}>
        {hiding ? (
          <HideFromDialog
            entity="roms"
            entityId={rom.id}
            name={gameTitle(rom)}
            open
            onClose={() => setHiding(false)}
          />
        ) : null}
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

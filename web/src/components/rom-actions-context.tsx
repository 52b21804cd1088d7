import type { DetailedRom, SimpleRom } from '@romshelf/contract';
import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';

/** A game the actions work on: a card's ROM or the details page's. */
export type ActionRom = SimpleRom | DetailedRom;

/** What the delete dialog needs of a game, to name it and list what leaves the disk. */
export type DeletableRom = Pick<
  SimpleRom,
  'id' | 'name' | 'fs_name' | 'fs_name_no_tags' | 'full_path' | 'files' | 'has_simple_single_file'
>;

export interface RomMenuProps {
  rom: ActionRom;
  onChanged?: (rom: ActionRom) => void;
  onDeleted?: (ids: number[]) => void;
  onError?: (message: string) => void;
  size?: 'small' | 'medium';
  /** Drawn over a cover: a dark round background. */
  overlay?: boolean;
}

export interface EditRomDialogProps {
  rom: ActionRom;
  open: boolean;
  onClose: () => void;
  onSaved?: (rom: DetailedRom) => void;
}

export interface MatchRomDialogProps {
  rom: ActionRom;
  open: boolean;
  onClose: () => void;
  onMatched?: (rom: DetailedRom) => void;
}

export interface DeleteRomsDialogProps {
  roms: readonly DeletableRom[];
  open: boolean;
  onClose: () => void;
  onDeleted?: (ids: number[]) => void;
}

export interface AddToCollectionDialogProps {
  romIds: readonly number[];
  /** The game's name, when there is one game. */
  gameName?: string;
  open: boolean;
  onClose: () => void;
  /** After a save, with a message to show. */
  onSaved?: (message: string) => void;
}

export interface PatchRomDialogProps {
  rom: ActionRom;
  open: boolean;
  onClose: () => void;
}

/**
 * The ROM menu and dialogs, as pages get them: the rom-actions feature provides them and app/
 * composes them in, so the gallery, home and details pages use them without importing that feature.
 */
export interface RomActions {
  RomMenu: ComponentType<RomMenuProps>;
  EditRomDialog: ComponentType<EditRomDialogProps>;
  MatchRomDialog: ComponentType<MatchRomDialogProps>;
  DeleteRomsDialog: ComponentType<DeleteRomsDialogProps>;
  AddToCollectionDialog: ComponentType<AddToCollectionDialogProps>;
  PatchRomDialog: ComponentType<PatchRomDialogProps>;
  /** Identifies these games again with the enabled sources; progress comes as a scan's. */
  refreshMetadata: (roms: readonly Pick<SimpleRom, 'id' | 'platform_id'>[]) => void;
}

const Nothing = () => null;

/** Outside a provider (a page rendered alone, as in unit tests) the actions are simply absent. */
const NO_ACTIONS: RomActions = {
  RomMenu: Nothing,
  EditRomDialog: Nothing,
  MatchRomDialog: Nothing,
  DeleteRomsDialog: Nothing,
  AddToCollectionDialog: Nothing,
  PatchRomDialog: Nothing,
  refreshMetadata: () => undefined,
};

export const RomActionsContext = createContext<RomActions>(NO_ACTIONS);

export function useRomActions(): RomActions {
  return useContext(RomActionsContext);
}

/** What app/ composes into the pages (through components/rom-actions-context). */
export { DeleteRomsDialog } from './components/delete-roms-dialog';
export { EditRomDialog } from './components/edit-rom-dialog';
export { MatchRomDialog } from './components/match/match-rom-dialog';
export { RomMenu } from './components/rom-menu';

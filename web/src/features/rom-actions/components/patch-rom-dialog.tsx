import { isPatchFileName } from '@romshelf/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { gameTitle } from '@/components/game-cover';
import type { PatchRomDialogProps } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';
import { useHasScopes } from '@/shared/stores/use-scopes';

import type { PatchJob } from '../api/patch-rom';
import { usePatchCandidates, usePatchRom } from '../api/patch-rom';
import { PatchSourceFields } from './patch-source-fields';
import type { PatchSource } from './patch-source-fields';
import { PatchStatus } from './patch-status';

const stem = (name: string) => name.replace(/\.[^.]*$/, '');

/** The job the dialog's choices describe, or null while a patch is still to be picked. */
function jobOf(
  romFileId: number | null,
  archiveMember: string | null,
  source: PatchSource,
  outputName: string,
  save: boolean,
): PatchJob | null {
  if (romFileId === null) return null;
  const patch =
    source.kind === 'library'
      ? source.fileId === null
        ? null
        : { fileId: source.fileId }
      : source.file === null
        ? null
        : { file: source.file };
  return patch === null ? null : { romFileId, archiveMember, patch, outputName, saveAsGame: save };
}

/**
 * Applies a patch to one of a game's files (RomM's patcher): a patch from the library or this
 * device, the result downloaded or saved as a new game beside the original, with progress.
 */
export function PatchRomDialog({ rom, open, onClose }: PatchRomDialogProps) {
  const { t } = useTranslation('rom');
  const canWrite = useHasScopes('roms.write');
  const baseFiles = rom.files.filter((file) => !isPatchFileName(file.file_name));
  const [romFileId, setRomFileId] = useState<number | null>(baseFiles[0]?.id ?? null);
  const candidates = usePatchCandidates(rom.id);
  const [chosen, setChosen] = useState<PatchSource | null>(null);
  const [outputName, setOutputName] = useState('');
  const [save, setSave] = useState(false);
  const patching = usePatchRom();
  const list = candidates.data ?? [];
  const source: PatchSource = chosen ?? { kind: 'library', fileId: list[0]?.file_id ?? null };
  const baseFile = baseFiles.find((file) => file.id === romFileId);
  const members = baseFile?.archive_members?.map((member) => member.name) ?? [];
  const [chosenMember, setMember] = useState<string | null>(null);
  const member =
    members.length > 1
      ? chosenMember !== null && members.includes(chosenMember)
        ? chosenMember
        : (members[0] ?? null)
      : null;
  const job = jobOf(romFileId, member, source, outputName, save);
  const baseName = baseFile?.file_name ?? '';
  const patchName =
    source.kind === 'library'
      ? list.find((candidate) => candidate.file_id === source.fileId)?.file_name
      : source.file?.name;
  const busy = patching.isPending;
  const error = patching.isError ? errorMessage(patching.error) : null;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      data-testid="patch-dialog"
    >
      <DialogTitle>{t('patch.title', { name: gameTitle(rom) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {baseFiles.length > 1 ? (
            <TextField
              select
              label={t('patch.rom-file')}
              value={romFileId ?? ''}
              disabled={busy}
              onChange={(event) => setRomFileId(Number(event.target.value))}
            >
              {baseFiles.map((file) => (
                <MenuItem key={file.id} value={file.id}>
                  {file.file_name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {member !== null ? (
            <TextField
              select
              label={t('patch.archive-member')}
              value={member}
              disabled={busy}
              onChange={(event) => setMember(event.target.value)}
            >
              {members.map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <PatchSourceFields
            candidates={list}
            source={source}
            onChange={setChosen}
            disabled={busy}
          />
          <TextField
            label={t('patch.output-name')}
            value={outputName}
            disabled={busy}
            placeholder={
              patchName === undefined ? '' : `${stem(baseName)} (patched-${stem(patchName)})`
            }
            onChange={(event) => setOutputName(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'patch-output-name' } }}
            helperText={t('patch.output-help')}
          />
          {canWrite ? (
            <RadioGroup
              aria-label={t('patch.result')}
              value={save ? 'save' : 'download'}
              onChange={(event) => setSave(event.target.value === 'save')}
            >
              <FormControlLabel
                value="download"
                control={<Radio />}
                label={t('patch.download')}
                disabled={busy}
              />
              <FormControlLabel
                value="save"
                control={<Radio />}
                label={t('patch.save-as-game')}
                disabled={busy}
                data-testid="patch-save-as-game"
              />
            </RadioGroup>
          ) : null}
          <PatchStatus
            pending={busy}
            progress={patching.progress}
            outcome={patching.data}
            error={error}
            onLeave={onClose}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('actions.close')}
        </Button>
        <Button
          variant="contained"
          disabled={job === null || busy}
          data-testid="patch-apply"
          onClick={() => job !== null && patching.mutate(job)}
        >
          {t('patch.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

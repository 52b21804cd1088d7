import ImageSearchRounded from '@mui/icons-material/ImageSearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { gameTitle } from '@/components/game-cover';
import type { ActionRom, EditRomDialogProps } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

import { useUpdateRomMutation } from '../api/rom-edit';
import type { RomEdit } from '../api/rom-edit';
import { CoverSearchDialog } from './cover-search-dialog';
import { EditRomCover } from './edit-rom-cover';
import { EditRomProviders } from './edit-rom-providers';

function initialEdit(rom: ActionRom): RomEdit {
  const id = (value: number | null) => (value === null ? '' : String(value));
  return {
    name: rom.name ?? '',
    fs_name: rom.fs_name,
    summary: rom.summary ?? '',
    url_cover: '',
    igdb_id: id(rom.igdb_id),
    moby_id: id(rom.moby_id),
    ss_id: id(rom.ss_id),
    launchbox_id: id(rom.launchbox_id),
    artwork: null,
    remove_cover: false,
    unmatch_metadata: false,
  };
}

/**
 * Edit a game (SPEC §7 PUT /roms/{id}): name, file name (renames on disk), summary, cover from a
 * URL or an uploaded image (with preview), provider ids, remove cover, unmatch. Errors show the
 * server's detail.
 */
export function EditRomDialog({ rom, open, onClose, onSaved }: EditRomDialogProps) {
  const { t } = useTranslation('rom');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [edit, setEdit] = useState<RomEdit>(() => initialEdit(rom));
  const [searchingCovers, setSearchingCovers] = useState(false);
  const steamGridEnabled = useHeartbeatStore(
    (state) => state.value?.METADATA_SOURCES.STEAMGRIDDB_API_ENABLED ?? false,
  );

  const change = <K extends keyof RomEdit>(key: K, value: RomEdit[K]) =>
    setEdit((current) => ({ ...current, [key]: value }));

  const saveEdit = useUpdateRomMutation(rom, (saved) => {
    onSaved?.(saved);
    onClose();
  });
  const saving = saveEdit.isPending;
  const error = saveEdit.isError ? errorMessage(saveEdit.error) : null;
  const save = () => saveEdit.mutate(edit);

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      data-testid="edit-rom-dialog"
    >
      {searchingCovers ? (
        <CoverSearchDialog
          open
          initialTerm={edit.name.trim() || gameTitle(rom)}
          onClose={() => setSearchingCovers(false)}
          onPick={(url) => change('url_cover', url)}
        />
      ) : null}
      <DialogTitle>{t('edit.title')}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id="edit-rom-form"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
            gap: 3,
          }}
        >
          <EditRomCover rom={rom} edit={edit} change={change} />
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <TextField
              label={t('edit.name')}
              value={edit.name}
              onChange={(event) => change('name', event.target.value)}
              required
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'edit-name', maxLength: 450 } }}
            />
            <TextField
              label={t('edit.fs-name')}
              value={edit.fs_name}
              onChange={(event) => change('fs_name', event.target.value)}
              required
              helperText={t('edit.fs-name-hint', { path: rom.fs_path })}
              slotProps={{ htmlInput: { 'data-testid': 'edit-fs-name', spellCheck: false } }}
            />
            <TextField
              label={t('edit.summary')}
              value={edit.summary}
              onChange={(event) => change('summary', event.target.value)}
              multiline
              minRows={3}
              maxRows={10}
              helperText={t('edit.summary-hint')}
              slotProps={{ htmlInput: { 'data-testid': 'edit-summary' } }}
            />
            <TextField
              label={t('edit.url-cover')}
              value={edit.url_cover}
              onChange={(event) => change('url_cover', event.target.value)}
              placeholder="https://…"
              type="url"
              helperText={t('edit.url-cover-hint')}
              disabled={edit.remove_cover || edit.artwork !== null}
              slotProps={{ htmlInput: { 'data-testid': 'edit-url-cover' } }}
            />
            {steamGridEnabled ? (
              <Box>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ImageSearchRounded />}
                  disabled={edit.remove_cover || edit.artwork !== null}
                  onClick={() => setSearchingCovers(true)}
                  data-testid="edit-search-covers"
                >
                  {t('cover-search.open')}
                </Button>
              </Box>
            ) : null}
            <EditRomProviders edit={edit} change={change} />
            {error ? (
              <Alert severity="error" data-testid="edit-error">
                {error}
              </Alert>
            ) : null}
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          form="edit-rom-form"
          variant="contained"
          loading={saving}
          disabled={!edit.name.trim() || !edit.fs_name.trim()}
          data-testid="edit-save"
        >
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

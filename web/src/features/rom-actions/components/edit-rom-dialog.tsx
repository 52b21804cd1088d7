import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import ImageSearchRounded from '@mui/icons-material/ImageSearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { GameCover, gameTitle } from '@/components/game-cover';
import type { ActionRom, EditRomDialogProps } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';
import { libraryChanged } from '@/shared/api/library-changed';
import { updateCachedRom } from '@/shared/api/rom-cache';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

import { updateRom } from '../api/rom-edit';
import type { RomEdit } from '../api/rom-edit';
import { CoverSearchDialog } from './cover-search-dialog';

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

const PROVIDERS = [
  { key: 'igdb_id', label: 'IGDB' },
  { key: 'moby_id', label: 'MobyGames' },
  { key: 'ss_id', label: 'ScreenScraper' },
  { key: 'launchbox_id', label: 'LaunchBox' },
] as const;

/**
 * Edit a game (SPEC §7 PUT /roms/{id}): name, file name (renames on disk), summary, cover from a
 * URL or an uploaded image (with preview), provider ids, remove cover, unmatch. Errors show the
 * server's detail.
 */
export function EditRomDialog({ rom, open, onClose, onSaved }: EditRomDialogProps) {
  const { t } = useTranslation('rom');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [edit, setEdit] = useState<RomEdit>(() => initialEdit(rom));
  const [searchingCovers, setSearchingCovers] = useState(false);
  const steamGridEnabled = useHeartbeatStore(
    (state) => state.value?.METADATA_SOURCES.STEAMGRIDDB_API_ENABLED ?? false,
  );

  const preview = useMemo(
    () => (edit.artwork ? URL.createObjectURL(edit.artwork) : null),
    [edit.artwork],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const change = <K extends keyof RomEdit>(key: K, value: RomEdit[K]) =>
    setEdit((current) => ({ ...current, [key]: value }));

  const saveEdit = useMutation({
    mutationFn: (next: RomEdit) => updateRom(rom, next),
    onSuccess: (saved) => {
      updateCachedRom(queryClient, saved);
      libraryChanged(queryClient);
      onSaved?.(saved);
      onClose();
    },
  });
  const saving = saveEdit.isPending;
  const error = saveEdit.isError ? errorMessage(saveEdit.error) : null;
  const save = () => saveEdit.mutate(edit);

  const urlCover = edit.url_cover.trim();
  const coverShown = edit.remove_cover
    ? { ...rom, path_cover_small: '', path_cover_large: '' }
    : /^https?:\/\//.test(urlCover)
      ? { ...rom, path_cover_small: urlCover, path_cover_large: urlCover }
      : rom;

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
          <Stack spacing={1.5} sx={{ alignItems: 'stretch', maxWidth: { xs: 180, sm: 'none' } }}>
            <Box sx={{ borderRadius: '12px', overflow: 'hidden' }} data-testid="edit-cover-preview">
              {preview ? (
                <Box
                  component="img"
                  src={preview}
                  alt={t('edit.artwork-preview')}
                  sx={{
                    width: '100%',
                    aspectRatio: '2 / 3',
                    objectFit: 'cover',
                    display: 'block',
                    borderRadius: '12px',
                  }}
                />
              ) : (
                <GameCover rom={coverShown} radius={12} />
              )}
            </Box>
            <Button
              component="label"
              variant="outlined"
              size="small"
              startIcon={<AddPhotoAlternateRounded />}
            >
              {t('edit.artwork')}
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                data-testid="edit-artwork"
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  change('artwork', file);
                  if (file) change('remove_cover', false);
                  event.target.value = '';
                }}
              />
            </Button>
            {edit.artwork ? (
              <Button size="small" onClick={() => change('artwork', null)}>
                {t('edit.artwork-clear')}
              </Button>
            ) : null}
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={edit.remove_cover}
                  onChange={(event) => {
                    change('remove_cover', event.target.checked);
                    if (event.target.checked) change('artwork', null);
                  }}
                  data-testid="edit-remove-cover"
                />
              }
              label={<Typography variant="body2">{t('edit.remove-cover')}</Typography>}
            />
          </Stack>
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
            <Box>
              <Typography variant="overline" color="text.secondary">
                {t('edit.providers')}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
                  gap: 1.5,
                  mt: 0.5,
                }}
              >
                {PROVIDERS.map((provider) => (
                  <TextField
                    key={provider.key}
                    size="small"
                    label={provider.label}
                    value={edit.unmatch_metadata ? '' : edit[provider.key]}
                    disabled={edit.unmatch_metadata}
                    onChange={(event) =>
                      change(provider.key, event.target.value.replace(/[^\d]/g, ''))
                    }
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        'data-testid': `edit-${provider.key}`,
                      },
                    }}
                  />
                ))}
              </Box>
            </Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={edit.unmatch_metadata}
                  onChange={(event) => change('unmatch_metadata', event.target.checked)}
                  data-testid="edit-unmatch"
                />
              }
              label={
                <Box>
                  <Typography variant="body2">{t('edit.unmatch')}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('edit.unmatch-hint')}
                  </Typography>
                </Box>
              }
            />
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

import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { FileButton } from '@/components/file-button';
import { GameCover } from '@/components/game-cover';
import type { ActionRom } from '@/components/rom-actions-context';

import type { RomEdit } from '../api/rom-edit';

/** Sets one field of the edit dialog. */
export type ChangeEdit = <K extends keyof RomEdit>(key: K, value: RomEdit[K]) => void;

/**
 * The cover column of the edit dialog: the cover as it will be (an uploaded image, a typed URL,
 * or none), an image upload and "remove cover".
 */
export function EditRomCover({
  rom,
  edit,
  change,
}: {
  rom: ActionRom;
  edit: RomEdit;
  change: ChangeEdit;
}) {
  const { t } = useTranslation('rom');
  const preview = useMemo(
    () => (edit.artwork ? URL.createObjectURL(edit.artwork) : null),
    [edit.artwork],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const urlCover = edit.url_cover.trim();
  const coverShown = edit.remove_cover
    ? { ...rom, path_cover_small: '', path_cover_large: '' }
    : /^https?:\/\//.test(urlCover)
      ? { ...rom, path_cover_small: urlCover, path_cover_large: urlCover }
      : rom;

  return (
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
      <FileButton
        variant="outlined"
        size="small"
        startIcon={<AddPhotoAlternateRounded />}
        accept="image/png,image/jpeg,image/webp,image/gif"
        inputTestId="edit-artwork"
        onFiles={([file]) => {
          change('artwork', file ?? null);
          if (file) change('remove_cover', false);
        }}
      >
        {t('edit.artwork')}
      </FileButton>
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
  );
}

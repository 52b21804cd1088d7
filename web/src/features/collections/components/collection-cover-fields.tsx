import ImageRounded from '@mui/icons-material/ImageRounded';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { FileButton } from '@/components/file-button';

import type { CollectionEdit } from '../api/collection-edits';

/** Pictures the cover upload offers (the server re-encodes whatever it accepts). */
const COVER_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/** A manual collection's cover: from a URL, an uploaded picture, or removed. */
export function CollectionCoverFields({
  edit,
  change,
}: {
  edit: CollectionEdit;
  change: (next: Partial<CollectionEdit>) => void;
}) {
  const { t } = useTranslation('collection');
  return (
    <Stack spacing={1}>
      <TextField
        size="small"
        label={t('form.cover-url')}
        placeholder="https://"
        value={edit.urlCover}
        onChange={(event) => change({ urlCover: event.target.value, artwork: null })}
        slotProps={{ htmlInput: { 'data-testid': 'collection-cover-url' } }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FileButton
          size="small"
          variant="outlined"
          startIcon={<ImageRounded />}
          accept={COVER_TYPES}
          inputTestId="collection-cover-file"
          onFiles={([file]) => change({ artwork: file ?? null, urlCover: '' })}
        >
          {t('form.cover-upload')}
        </FileButton>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={edit.removeCover}
              onChange={(event) => change({ removeCover: event.target.checked })}
            />
          }
          label={<Typography variant="body2">{t('form.cover-remove')}</Typography>}
        />
      </Stack>
      {edit.artwork ? (
        <Typography variant="caption" color="text.secondary" noWrap>
          {edit.artwork.name}
        </Typography>
      ) : null}
    </Stack>
  );
}

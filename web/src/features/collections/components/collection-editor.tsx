import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import type { AnyCollection, CollectionRef } from '@/shared/api/collections';

import { useUpdateCollectionMutation } from '../api/collection-edits';
import type { CollectionEdit } from '../api/collection-edits';
import { CollectionCoverFields } from './collection-cover-fields';
import { DeleteCollectionSection } from './delete-collection-section';

function initialState(collection: AnyCollection): CollectionEdit {
  return {
    name: collection.name,
    description: collection.description,
    isPublic: collection.is_public,
    urlCover: '',
    artwork: null,
    removeCover: false,
  };
}

/** The owner's form: name, description, cover (manual collections), public toggle, delete. */
export function CollectionEditor({
  refTo,
  collection,
}: {
  refTo: CollectionRef;
  collection: AnyCollection;
}) {
  const { t } = useTranslation('collection');
  const [state, setState] = useState(() => initialState(collection));
  const change = (next: Partial<CollectionEdit>) =>
    setState((current) => ({ ...current, ...next }));
  const hasCover = refTo.kind === 'regular';
  const favourite = collection.is_favorite;

  const update = useUpdateCollectionMutation(refTo, collection, () =>
    change({ urlCover: '', artwork: null, removeCover: false }),
  );
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (state.name.trim() !== '') update.mutate(state);
  };

  return (
    <Box component="form" onSubmit={submit} data-testid="collection-editor">
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('form.edit')}
      </Typography>
      <Stack spacing={2}>
        {update.isError ? <Alert severity="error">{errorMessage(update.error)}</Alert> : null}
        {update.isSuccess ? (
          <Alert severity="success" data-testid="collection-saved">
            {t('form.saved')}
          </Alert>
        ) : null}
        <TextField
          size="small"
          label={t('form.name')}
          value={state.name}
          onChange={(event) => change({ name: event.target.value })}
          required
          disabled={favourite}
          helperText={favourite ? t('form.favourites-fixed') : undefined}
          slotProps={{
            htmlInput: { maxLength: COLLECTION_NAME_MAX, 'data-testid': 'collection-name' },
          }}
        />
        <TextField
          size="small"
          label={t('form.description')}
          value={state.description}
          onChange={(event) => change({ description: event.target.value })}
          multiline
          minRows={2}
          slotProps={{
            htmlInput: {
              maxLength: COLLECTION_DESCRIPTION_MAX,
              'data-testid': 'collection-description-field',
            },
          }}
        />
        {hasCover ? <CollectionCoverFields edit={state} change={change} /> : null}
        <FormControlLabel
          control={
            <Switch
              checked={state.isPublic}
              onChange={(event) => change({ isPublic: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'collection-public' } as object }}
            />
          }
          label={state.isPublic ? t('form.public-desc') : t('form.private-desc')}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={state.name.trim() === '' || update.isPending}
          data-testid="collection-info-save"
        >
          {t('form.save')}
        </Button>
      </Stack>
      {favourite ? null : <DeleteCollectionSection refTo={refTo} collection={collection} />}
    </Box>
  );
}

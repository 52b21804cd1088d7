import DeleteRounded from '@mui/icons-material/DeleteRounded';
import ImageRounded from '@mui/icons-material/ImageRounded';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { FileButton } from '@/components/file-button';
import { errorMessage } from '@/lib/api-client';
import {
  collectionsChanged,
  deleteCollection,
  deleteSmartCollection,
  updateCollection,
  updateSmartCollection,
} from '@/shared/api/collections';
import type { AnyCollection, CollectionRef } from '@/shared/api/collections';
import { useNavigationStore } from '@/shared/stores/navigation-store';

/** Pictures the cover upload offers (the server re-encodes whatever it accepts). */
const COVER_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

interface EditorState {
  name: string;
  description: string;
  isPublic: boolean;
  urlCover: string;
  artwork: File | null;
  removeCover: boolean;
}

function initialState(collection: AnyCollection): EditorState {
  return {
    name: collection.name,
    description: collection.description,
    isPublic: collection.is_public,
    urlCover: '',
    artwork: null,
    removeCover: false,
  };
}

function save(
  refTo: CollectionRef,
  collection: AnyCollection,
  state: EditorState,
): Promise<AnyCollection> {
  const id = Number(refTo.id);
  if (refTo.kind === 'smart' && 'filter_criteria' in collection) {
    return updateSmartCollection(
      id,
      {
        name: state.name.trim(),
        description: state.description,
        filterCriteria: collection.filter_criteria,
      },
      state.isPublic,
    );
  }
  return updateCollection(
    id,
    {
      name: state.name.trim(),
      description: state.description,
      urlCover: state.urlCover.trim() || undefined,
      artwork: state.artwork,
    },
    { isPublic: state.isPublic, removeCover: state.removeCover },
  );
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
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const resetDrawers = useNavigationStore((store) => store.resetDrawers);
  const [state, setState] = useState(() => initialState(collection));
  const [confirming, setConfirming] = useState(false);
  const change = (next: Partial<EditorState>) => setState((current) => ({ ...current, ...next }));
  const hasCover = refTo.kind === 'regular';
  const favourite = collection.is_favorite;

  const update = useMutation({
    mutationFn: () => save(refTo, collection, state),
    onSuccess: () => {
      change({ urlCover: '', artwork: null, removeCover: false });
      collectionsChanged(queryClient);
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      refTo.kind === 'smart'
        ? deleteSmartCollection(Number(refTo.id))
        : deleteCollection(Number(refTo.id)),
    onSuccess: () => {
      setConfirming(false);
      resetDrawers();
      collectionsChanged(queryClient);
      void navigate('/');
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (state.name.trim() !== '') update.mutate();
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
        {hasCover ? (
          <Stack spacing={1}>
            <TextField
              size="small"
              label={t('form.cover-url')}
              placeholder="https://"
              value={state.urlCover}
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
                    checked={state.removeCover}
                    onChange={(event) => change({ removeCover: event.target.checked })}
                  />
                }
                label={<Typography variant="body2">{t('form.cover-remove')}</Typography>}
              />
            </Stack>
            {state.artwork ? (
              <Typography variant="caption" color="text.secondary" noWrap>
                {state.artwork.name}
              </Typography>
            ) : null}
          </Stack>
        ) : null}
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
      {favourite ? null : (
        <>
          <Divider sx={{ my: 3 }} />
          <Typography variant="subtitle2" color="error" sx={{ mb: 1 }}>
            {t('form.danger-zone')}
          </Typography>
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteRounded />}
            onClick={() => setConfirming(true)}
            data-testid="collection-delete"
          >
            {t('form.delete')}
          </Button>
        </>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs">
        <DialogTitle>{t('form.delete-title', { name: collection.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('form.delete-text')}</DialogContentText>
          {remove.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('form.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="collection-delete-confirm"
          >
            {t('form.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

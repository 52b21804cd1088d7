import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Collection } from '@romshelf/contract';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import { useCreateCollectionMutation } from '../api/collection-edits';

/** Creates an empty manual collection: name, description and whether others may see it. */
export function NewCollectionDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (collection: Collection) => void;
}) {
  const { t } = useTranslation('collection');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const create = useCreateCollectionMutation((collection) => {
    setName('');
    setDescription('');
    setIsPublic(false);
    onCreated(collection);
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (name.trim() !== '') create.mutate({ name, description, isPublic });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { 'data-testid': 'new-collection-dialog' } as object }}
    >
      {/* The form inside the dialog: a form element may not take the dialog role. */}
      <Box component="form" onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{t('form.new-title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError ? <Alert severity="error">{errorMessage(create.error)}</Alert> : null}
            <TextField
              label={t('form.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              autoFocus
              slotProps={{
                htmlInput: { maxLength: COLLECTION_NAME_MAX, 'data-testid': 'new-collection-name' },
              }}
            />
            <TextField
              label={t('form.description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: COLLECTION_DESCRIPTION_MAX } }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={isPublic}
                  onChange={(event) => setIsPublic(event.target.checked)}
                />
              }
              label={isPublic ? t('form.public-desc') : t('form.private-desc')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={name.trim() === '' || create.isPending}
            data-testid="new-collection-create"
          >
            {t('form.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

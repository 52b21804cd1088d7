import DeleteRounded from '@mui/icons-material/DeleteRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import type { AnyCollection, CollectionRef } from '@/shared/api/collections';
import { useNavigationStore } from '@/shared/stores/navigation-store';

import { useDeleteCollectionMutation } from '../api/collection-edits';

/** The editor's danger zone: delete, once confirmed, then home. */
export function DeleteCollectionSection({
  refTo,
  collection,
}: {
  refTo: CollectionRef;
  collection: AnyCollection;
}) {
  const { t } = useTranslation('collection');
  const navigate = useNavigate();
  const resetDrawers = useNavigationStore((store) => store.resetDrawers);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCollectionMutation(refTo, () => {
    setConfirming(false);
    resetDrawers();
    void navigate('/');
  });

  return (
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
    </>
  );
}

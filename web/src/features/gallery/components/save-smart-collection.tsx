import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SmartCollection } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import { collectionPath } from '@/shared/api/collections';

import { useCreateSmartCollectionMutation } from '../api/smart-collections';
import { activeFilters } from '../gallery-filters';
import type { GalleryFilters } from '../gallery-filters';
import { canSaveSmart, smartCriteria } from '../smart-criteria';
import type { SmartScope } from '../smart-criteria';
import { useFilterLabels } from '../use-filter-labels';

function SaveSmartDialog({
  filters,
  scope,
  onClose,
  onSaved,
}: {
  filters: GalleryFilters;
  scope: SmartScope;
  onClose: () => void;
  onSaved: (collection: SmartCollection) => void;
}) {
  const { t } = useTranslation('gallery');
  const active = activeFilters(filters);
  const labels = useFilterLabels(active.some((filter) => filter.name === 'platform_ids'));
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setPublic] = useState(false);
  const saving = useCreateSmartCollectionMutation(onSaved);
  const term = scope.searchTerm.trim();
  return (
    <Dialog
      open
      onClose={saving.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      // Over the filter drawer when opened from it.
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
      slotProps={{ paper: { 'data-testid': 'smart-save-dialog' } as object }}
    >
      <DialogTitle>{t('smart.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('smart.text')}
        </Typography>
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1, mb: 2.5 }}
          data-testid="smart-save-criteria"
          aria-label={t('smart.criteria')}
        >
          {term !== '' ? (
            <Chip size="small" color="primary" label={t('smart.search', { term })} />
          ) : null}
          {active.map((filter) => (
            <Chip
              key={`${filter.name}=${String(filter.value)}`}
              size="small"
              variant="outlined"
              color={filter.kind === 'list' && filter.logic === 'none' ? 'default' : 'primary'}
              label={labels.chip(filter)}
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Stack>
        <Stack spacing={2}>
          <TextField
            label={t('smart.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
            fullWidth
            slotProps={{
              htmlInput: { maxLength: COLLECTION_NAME_MAX, 'data-testid': 'smart-save-name' },
            }}
          />
          <TextField
            label={t('smart.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{
              htmlInput: {
                maxLength: COLLECTION_DESCRIPTION_MAX,
                'data-testid': 'smart-save-description',
              },
            }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={isPublic}
                onChange={(event) => setPublic(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'smart-save-public' } as object }}
              />
            }
            label={t('smart.public')}
          />
        </Stack>
        {saving.isError ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="smart-save-error">
            {errorMessage(saving.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving.isPending}>
          {t('smart.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() =>
            saving.mutate({
              values: {
                name: name.trim(),
                description: description.trim(),
                filterCriteria: smartCriteria(filters, scope),
              },
              isPublic,
            })
          }
          disabled={name.trim() === ''}
          loading={saving.isPending}
          data-testid="smart-save-confirm"
        >
          {t('smart.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Save as smart collection": the gallery's filters (and its platform or search) become a
 * collection whose games are whatever matches them, now and after later scans. Nothing shows
 * while there is nothing to save.
 */
export function SaveSmartCollection({
  filters,
  scope,
  variant = 'text',
  fullWidth = false,
}: {
  filters: GalleryFilters;
  scope: SmartScope;
  variant?: 'text' | 'outlined';
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('gallery');
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<SmartCollection | null>(null);
  if (!canSaveSmart(filters, scope) && saved === null) return null;
  return (
    <>
      {canSaveSmart(filters, scope) ? (
        <Button
          size="small"
          variant={variant}
          fullWidth={fullWidth}
          startIcon={<AutoAwesomeRounded />}
          onClick={() => setOpen(true)}
          data-testid="smart-save"
        >
          {t('smart.open')}
        </Button>
      ) : null}
      {open ? (
        <SaveSmartDialog
          filters={filters}
          scope={scope}
          onClose={() => setOpen(false)}
          onSaved={(collection) => {
            setOpen(false);
            setSaved(collection);
          }}
        />
      ) : null}
      <Snackbar
        open={saved !== null}
        autoHideDuration={6000}
        onClose={() => setSaved(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          onClose={() => setSaved(null)}
          data-testid="smart-save-done"
          action={
            saved ? (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={collectionPath({ kind: 'smart', id: String(saved.id) })}
                data-testid="smart-save-view"
              >
                {t('smart.view')}
              </Button>
            ) : null
          }
        >
          {saved ? t('smart.saved', { name: saved.name }) : null}
        </Alert>
      </Snackbar>
    </>
  );
}

import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COLLECTION_NAME_MAX } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AddToCollectionDialogProps } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';

import { choiceKey } from '../collection-choices';
import type { CollectionChoice } from '../collection-choices';
import { useCollectionChoices } from '../hooks/use-collection-choices';

/** A list long enough to need the search box. */
const SEARCH_FROM = 8;

function ChoiceRow({
  choice,
  ticked,
  single,
  onToggle,
}: {
  choice: CollectionChoice;
  ticked: boolean | 'some';
  single: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('rom');
  const { name } = choice;
  const holds =
    choice.holding === 'none'
      ? null
      : single || choice.holding === 'all'
        ? t(single ? 'collections.holds-it' : 'collections.holds-all')
        : t('collections.holds-some', { number: choice.held.length });
  const games = t('collections.games', { number: choice.romCount });
  return (
    <ListItemButton
      onClick={onToggle}
      dense
      data-testid="collection-choice"
      data-collection={choiceKey(choice)}
      sx={{ borderRadius: '10px' }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Checkbox
          edge="start"
          checked={ticked === true}
          indeterminate={ticked === 'some'}
          tabIndex={-1}
          disableRipple
          slotProps={{ input: { 'aria-label': name } }}
        />
      </ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
            {choice.isFavorite ? <FavoriteRounded sx={{ fontSize: 18, color: '#ff5c8a' }} /> : null}
            <Typography noWrap component="span" sx={{ minWidth: 0 }}>
              {name}
            </Typography>
          </Stack>
        }
        secondary={holds ? `${games} · ${holds}` : games}
        slotProps={{ secondary: { 'data-testid': 'collection-choice-state' } as object }}
      />
      {choice.isFavorite ? null : choice.isPublic ? (
        <PublicRounded
          fontSize="small"
          titleAccess={t('collections.public')}
          sx={{ color: 'text.secondary' }}
        />
      ) : (
        <LockRounded
          fontSize="small"
          titleAccess={t('collections.private')}
          sx={{ color: 'text.secondary' }}
        />
      )}
    </ListItemButton>
  );
}

/** A name and "create": the new collection joins the list, ticked. */
function NewCollection({
  onCreate,
  busy,
  error,
}: {
  onCreate: (name: string) => Promise<unknown>;
  busy: boolean;
  error: string | null;
}) {
  const { t } = useTranslation('rom');
  const [name, setName] = useState('');
  const create = () => {
    const trimmed = name.trim();
    if (trimmed === '' || busy) return;
    void onCreate(trimmed).then(
      () => setName(''),
      () => undefined,
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 2 }}>
      <TextField
        size="small"
        fullWidth
        label={t('collections.new-label')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            create();
          }
        }}
        error={error !== null}
        helperText={error}
        slotProps={{
          htmlInput: { maxLength: COLLECTION_NAME_MAX, 'data-testid': 'collection-new-name' },
          formHelperText: { 'data-testid': 'collection-new-error' } as object,
        }}
      />
      <Button
        variant="outlined"
        onClick={create}
        disabled={name.trim() === ''}
        loading={busy}
        data-testid="collection-new-create"
        sx={{ flexShrink: 0, height: 40 }}
      >
        {t('collections.create')}
      </Button>
    </Stack>
  );
}

/**
 * "Add to collection" for one game or a selection: the caller's collections (favourites first)
 * ticked where they hold the games, half-ticked where they hold some; ticking adds, clearing
 * removes, and a new collection can be made in place. Saving applies every change at once.
 */
export function AddToCollectionDialog({
  romIds,
  gameName,
  open,
  onClose,
  onSaved,
}: AddToCollectionDialogProps) {
  const { t } = useTranslation('rom');
  const [term, setTerm] = useState('');
  const state = useCollectionChoices(romIds, t('collections.favourites'), open);
  const { collections, choices, creation, saving } = state;
  const single = romIds.length === 1;
  const needle = term.trim().toLocaleLowerCase();
  const shown = choices.filter((choice) => choice.name.toLocaleLowerCase().includes(needle));
  const save = () =>
    saving.mutate(undefined, {
      onSuccess: () => {
        onSaved?.(t('collections.saved'));
        onClose();
      },
    });

  return (
    <Dialog
      open={open}
      onClose={saving.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { 'data-testid': 'add-to-collection-dialog' } as object }}
    >
      <DialogTitle sx={{ pb: 0.5 }}>{t('collections.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: 1.5 }}>
          {single && gameName ? gameName : t('collections.chosen', { number: romIds.length })}
        </Typography>
        {choices.length >= SEARCH_FROM ? (
          <TextField
            size="small"
            fullWidth
            placeholder={t('collections.search')}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            sx={{ mb: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: {
                'data-testid': 'collection-search',
                'aria-label': t('collections.search'),
              },
            }}
          />
        ) : null}
        {collections.isPending ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={18} />
            <Typography variant="body2" color="text.secondary">
              {t('collections.loading')}
            </Typography>
          </Stack>
        ) : null}
        {collections.isError ? (
          <Alert severity="error" data-testid="collection-load-error">
            {t('collections.load-failed', { error: errorMessage(collections.error) })}
          </Alert>
        ) : null}
        {collections.isSuccess ? (
          <Box sx={{ maxHeight: { xs: '50vh', sm: 360 }, overflowY: 'auto', mx: -1 }}>
            <List dense disablePadding aria-label={t('collections.title')}>
              {shown.map((choice) => (
                <ChoiceRow
                  key={choiceKey(choice)}
                  choice={choice}
                  ticked={state.isTicked(choice)}
                  single={single}
                  onToggle={() => state.toggle(choice)}
                />
              ))}
            </List>
            {shown.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1.5 }}>
                {t('collections.none-match', { term: term.trim() })}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        {collections.isSuccess ? (
          <NewCollection
            onCreate={(name) => creation.mutateAsync(name)}
            busy={creation.isPending}
            error={creation.isError ? errorMessage(creation.error) : null}
          />
        ) : null}
        {saving.isError ? (
          <Alert
            severity="error"
            sx={{ mt: 2, whiteSpace: 'pre-line' }}
            data-testid="collection-save-error"
          >
            {errorMessage(saving.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={state.changes.length === 0}
          loading={saving.isPending}
          data-testid="collection-save"
        >
          {t('collections.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

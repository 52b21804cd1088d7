import ImageSearchRounded from '@mui/icons-material/ImageSearchRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import { useCoverSearchQuery } from '../api/cover-search';
import { CoverSearchGame } from './cover-search-game';

/** SteamGridDB cover search: pick a grid and its URL becomes the game's cover URL. */
export function CoverSearchDialog({
  initialTerm,
  open,
  onClose,
  onPick,
}: {
  initialTerm: string;
  open: boolean;
  onClose: () => void;
  onPick: (url: string) => void;
}) {
  const { t } = useTranslation('rom');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [term, setTerm] = useState(initialTerm);
  const [submitted, setSubmitted] = useState(initialTerm.trim());
  const search = useCoverSearchQuery(submitted, open);
  const searching = search.isFetching;
  const games = search.data ?? [];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      data-testid="cover-search-dialog"
    >
      <DialogTitle>{t('cover-search.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack
            component="form"
            direction="row"
            spacing={1.5}
            onSubmit={(event) => {
              event.preventDefault();
              if (term.trim() === submitted) void search.refetch();
              else setSubmitted(term.trim());
            }}
          >
            <TextField
              size="small"
              label={t('cover-search.term')}
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'cover-search-term', maxLength: 500 } }}
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={<SearchRounded />}
              loading={searching}
              disabled={term.trim() === ''}
              data-testid="cover-search-submit"
            >
              {t('match.search')}
            </Button>
          </Stack>
          {search.isError && !searching ? (
            <Alert severity="error" data-testid="cover-search-error">
              {errorMessage(search.error)}
            </Alert>
          ) : null}
          {searching ? (
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
                gap: 1.5,
              }}
            >
              {Array.from({ length: 8 }, (_, index) => (
                <Skeleton
                  key={index}
                  variant="rounded"
                  sx={{ aspectRatio: '2 / 3', height: 'auto' }}
                />
              ))}
            </Box>
          ) : null}
          {search.isSuccess && !searching && games.length === 0 ? (
            <Stack
              spacing={1}
              sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}
              data-testid="cover-search-empty"
            >
              <ImageSearchRounded sx={{ fontSize: 40, color: 'text.secondary' }} />
              <Typography variant="body2" color="text.secondary">
                {t('cover-search.empty')}
              </Typography>
            </Stack>
          ) : null}
          {!searching
            ? games.map((game) => (
                <CoverSearchGame
                  key={game.name}
                  game={game}
                  onPick={(url) => {
                    onPick(url);
                    onClose();
                  }}
                />
              ))
            : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

import ImageSearchRounded from '@mui/icons-material/ImageSearchRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import type { SearchCoverResult } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
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
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { metadataKeys } from '@/shared/api/metadata';

import { searchSteamGridCovers } from '../api/cover-search';

/** Only still images can become covers (animated grids are WebM or animated WebP/PNG). */
function staticGames(games: readonly SearchCoverResult[]): SearchCoverResult[] {
  return games
    .map((game) => ({
      ...game,
      resources: game.resources.filter((resource) => resource.type === 'static'),
    }))
    .filter((game) => game.resources.length > 0);
}

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
  const search = useQuery({
    queryKey: metadataKeys.coverSearch(submitted),
    queryFn: async ({ signal }) => staticGames(await searchSteamGridCovers(submitted, signal)),
    enabled: open && submitted !== '',
    retry: false,
    staleTime: 60_000,
  });
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
                <Box key={game.name} data-testid="cover-search-game">
                  <Typography variant="subtitle2" sx={{ mb: 1 }}>
                    {game.name}
                  </Typography>
                  <Box
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
                      gap: 1.5,
                    }}
                  >
                    {game.resources.map((resource) => (
                      <ButtonBase
                        key={resource.url}
                        data-testid="cover-search-result"
                        aria-label={t('cover-search.pick', {
                          author: resource.author,
                          width: resource.width,
                          height: resource.height,
                        })}
                        onClick={() => {
                          onPick(resource.url);
                          onClose();
                        }}
                        sx={(theme) => ({
                          display: 'block',
                          borderRadius: '10px',
                          overflow: 'hidden',
                          outline: `1px solid ${theme.palette.divider}`,
                          '&:hover, &.Mui-focusVisible': {
                            outline: `2px solid ${theme.palette.primary.main}`,
                          },
                        })}
                      >
                        <Box
                          component="img"
                          src={resource.thumb}
                          alt=""
                          loading="lazy"
                          decoding="async"
                          referrerPolicy="no-referrer"
                          width={resource.width}
                          height={resource.height}
                          sx={{
                            display: 'block',
                            width: '100%',
                            height: 'auto',
                            aspectRatio: '2 / 3',
                            objectFit: 'cover',
                            bgcolor: 'action.hover',
                          }}
                        />
                      </ButtonBase>
                    ))}
                  </Box>
                </Box>
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

import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import type { DetailedRom, MatchSource, SearchRom, SimpleRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import {
  applyCandidate,
  candidateCover,
  candidateCovers,
  candidateSources,
  matchedSources,
  searchMatchCandidates,
  SOURCE_NAMES,
  titleFileName,
  unmatchRom,
  updateRomFileAndCover,
} from '@/shared/api/metadata';
import type { CandidateSource, SearchBy } from '@/shared/api/metadata';
import { libraryChanged } from '@/lib/api/rom-actions';
import { updateCachedRom } from '@/shared/api/rom-cache';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

import { GameCover, gameTitle } from '../game-cover';
import { PlatformIcon } from '../platform-icon';

type MatchableRom = DetailedRom | SimpleRom;

/** Whether a source that searches by name (IGDB, ScreenScraper, MobyGames, LaunchBox) is on. */
function useCanSearch(): boolean {
  return useHeartbeatStore((state) => {
    const flags = state.value?.METADATA_SOURCES;
    return flags
      ? flags.IGDB_API_ENABLED ||
          flags.SS_API_ENABLED ||
          flags.MOBY_API_ENABLED ||
          flags.LAUNCHBOX_API_ENABLED
      : false;
  });
}

function CandidateCard({
  rom,
  candidate,
  onPick,
}: {
  rom: MatchableRom;
  candidate: SearchRom;
  onPick: () => void;
}) {
  const cover = candidateCover(candidate) ?? '';
  return (
    <ButtonBase
      onClick={onPick}
      data-testid="match-candidate"
      data-name={candidate.name}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        textAlign: 'left',
        borderRadius: '14px',
        p: 1,
        gap: 1,
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover, &.Mui-focusVisible': {
          borderColor: theme.palette.primary.main,
          bgcolor: alpha(theme.palette.primary.main, 0.08),
        },
      })}
    >
      <GameCover
        rom={{
          name: candidate.name,
          fs_name: rom.fs_name,
          path_cover_small: cover,
          platform_slug: rom.platform_slug,
          platform_display_name: rom.platform_display_name,
        }}
        radius={10}
      />
      <Typography
        variant="body2"
        sx={{
          fontWeight: 700,
          lineHeight: 1.25,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {candidate.name}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {candidateSources(candidate).map((entry) => (
          <Chip
            key={entry.source}
            size="small"
            label={SOURCE_NAMES[entry.source]}
            sx={{ height: 20, fontSize: 11 }}
          />
        ))}
      </Stack>
    </ButtonBase>
  );
}

function CandidateSkeletons() {
  return (
    <>
      {Array.from({ length: 6 }, (_, index) => (
        <Box key={index} sx={{ p: 1 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '2 / 3', height: 'auto' }} />
          <Skeleton width="80%" />
          <Skeleton width="40%" />
        </Box>
      ))}
    </>
  );
}

/** The chosen candidate: which of its sources to apply. */
function ConfirmCandidate({
  rom,
  candidate,
  chosen,
  onToggle,
  cover,
  onCover,
  rename,
  onRename,
}: {
  rom: MatchableRom;
  candidate: SearchRom;
  chosen: ReadonlySet<MatchSource>;
  onToggle: (source: MatchSource) => void;
  cover: string | null;
  onCover: (url: string) => void;
  rename: boolean;
  onRename: (rename: boolean) => void;
}) {
  const { t } = useTranslation('rom');
  const covers = candidateCovers(candidate);
  const newName = titleFileName(rom, candidate.name);
  return (
    <Box
      data-testid="match-confirm"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '120px 1fr', sm: '180px 1fr' },
        gap: { xs: 2, sm: 3 },
        alignItems: 'start',
      }}
    >
      <GameCover
        rom={{
          name: candidate.name,
          fs_name: rom.fs_name,
          path_cover_small: cover ?? '',
          platform_slug: rom.platform_slug,
          platform_display_name: rom.platform_display_name,
        }}
        radius={12}
      />
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="p" sx={{ lineHeight: 1.25 }}>
          {candidate.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PlatformIcon
            platform={{ slug: rom.platform_slug, name: rom.platform_display_name }}
            size={22}
          />
          <Typography variant="body2" color="text.secondary">
            {rom.platform_display_name}
          </Typography>
        </Stack>
        {candidate.summary ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 5,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {candidate.summary}
          </Typography>
        ) : null}
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t('match.apply-sources')}
          </Typography>
          <Stack>
            {candidateSources(candidate).map((entry) => (
              <FormControlLabel
                key={entry.source}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.has(entry.source)}
                    onChange={() => onToggle(entry.source)}
                    slotProps={{
                      input: { 'data-testid': `match-source-${entry.source}` } as object,
                    }}
                  />
                }
                label={
                  <Typography variant="body2">
                    {t('match.source-id', { source: SOURCE_NAMES[entry.source], id: entry.id })}
                  </Typography>
                }
              />
            ))}
          </Stack>
        </Box>
        {covers.length > 1 ? (
          <Box>
            <Typography variant="overline" color="text.secondary">
              {t('match.cover')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {covers.map((entry) => (
                <ButtonBase
                  key={entry.url}
                  onClick={() => onCover(entry.url)}
                  aria-pressed={cover === entry.url}
                  aria-label={t('match.cover-pick', { source: SOURCE_NAMES[entry.source] })}
                  data-testid={`match-cover-${entry.source}`}
                  sx={(theme) => ({
                    width: 64,
                    borderRadius: '8px',
                    overflow: 'hidden',
                    outline:
                      cover === entry.url
                        ? `2px solid ${theme.palette.primary.main}`
                        : `1px solid ${theme.palette.divider}`,
                    outlineOffset: 1,
                  })}
                >
                  <Box
                    component="img"
                    src={entry.url}
                    alt=""
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    width={64}
                    height={96}
                    sx={{ display: 'block', objectFit: 'cover', bgcolor: 'action.hover' }}
                  />
                </ButtonBase>
              ))}
            </Stack>
          </Box>
        ) : null}
        {newName !== rom.fs_name ? (
          <FormControlLabel
            sx={{ alignItems: 'flex-start' }}
            control={
              <Checkbox
                size="small"
                checked={rename}
                onChange={(event) => onRename(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'match-rename' } as object }}
              />
            }
            label={
              <Box sx={{ pt: 0.75, minWidth: 0 }}>
                <Typography variant="body2">{t('match.rename')}</Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  data-testid="match-rename-preview"
                  sx={{
                    fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                    wordBreak: 'break-all',
                  }}
                >
                  {t('match.rename-preview', { from: rom.fs_name, to: newName })}
                </Typography>
              </Box>
            }
          />
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * Match a game by hand: search every enabled source (name or id, always on the game's
 * platform), pick a candidate and the sources to take from it; or unmatch one source or all.
 */
export function MatchRomDialog({
  rom,
  open,
  onClose,
  onMatched,
}: {
  rom: MatchableRom;
  open: boolean;
  onClose: () => void;
  onMatched?: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const canSearch = useCanSearch();
  const [current, setCurrent] = useState<MatchableRom>(rom);
  const [term, setTerm] = useState(() => rom.name ?? rom.fs_name_no_tags);
  const [searchBy, setSearchBy] = useState<SearchBy>('name');
  // The search that runs: the game's own name as soon as the dialog opens, then each submit.
  const [submitted, setSubmitted] = useState<{ term: string; by: SearchBy }>(() => ({
    term: rom.name ?? rom.fs_name_no_tags,
    by: 'name',
  }));
  const search = useQuery({
    queryKey: ['metadata', 'match-search', rom.id, submitted.term, submitted.by],
    queryFn: ({ signal }) => searchMatchCandidates(rom.id, submitted.term, submitted.by, signal),
    enabled: open && canSearch,
    retry: false,
    staleTime: 60_000,
  });
  const [picked, setPicked] = useState<SearchRom | null>(null);
  const [chosen, setChosen] = useState<Set<MatchSource>>(new Set());
  const [cover, setCover] = useState<string | null>(null);
  const [rename, setRename] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const changed = useCallback(
    (next: DetailedRom) => {
      setCurrent(next);
      updateCachedRom(queryClient, next);
      libraryChanged(queryClient);
      onMatched?.(next);
    },
    [onMatched, queryClient],
  );

  const submit = () => {
    const next = { term: term.trim(), by: searchBy };
    setPicked(null);
    if (next.term === submitted.term && next.by === submitted.by) void search.refetch();
    else setSubmitted(next);
  };

  const pick = (candidate: SearchRom) => {
    setPicked(candidate);
    setChosen(new Set(candidateSources(candidate).map((entry) => entry.source)));
    setCover(candidateCover(candidate));
    setRename(false);
    setError(null);
  };

  const apply = async () => {
    if (!picked) return;
    const sources: CandidateSource[] = candidateSources(picked).filter((entry) =>
      chosen.has(entry.source),
    );
    setBusy(true);
    setError(null);
    const result = await applyCandidate(rom.id, sources);
    if (result.rom) changed(result.rom);
    if (result.error !== null || result.rom === null) {
      setBusy(false);
      setError(errorMessage(result.error));
      return;
    }
    // The cover picked among several, and the file renamed to the title, when asked for.
    const change: { fs_name?: string; url_cover?: string } = {};
    const newName = titleFileName(result.rom, picked.name);
    if (rename && newName !== result.rom.fs_name) change.fs_name = newName;
    if (candidateCovers(picked).length > 1 && cover !== null && cover !== result.rom.url_cover) {
      change.url_cover = cover;
    }
    if (Object.keys(change).length > 0) {
      try {
        changed(await updateRomFileAndCover(rom.id, change));
      } catch (cause) {
        setBusy(false);
        setError(errorMessage(cause));
        return;
      }
    }
    setBusy(false);
    onClose();
  };

  const unmatch = async (source?: MatchSource) => {
    setBusy(true);
    setError(null);
    try {
      changed(await unmatchRom(rom.id, source));
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  const matches = matchedSources(current);
  const results = search.data ?? [];
  const searching = search.isFetching;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      data-testid="match-rom-dialog"
    >
      <DialogTitle sx={{ pb: 1 }}>
        {t('match.title')}
        <Typography variant="body2" color="text.secondary" component="p" noWrap>
          {gameTitle(current)} · {current.platform_display_name}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Box data-testid="match-current">
            <Typography variant="overline" color="text.secondary">
              {t('match.current')}
            </Typography>
            {matches.length === 0 ? (
              <Typography variant="body2" color="text.secondary" data-testid="match-none">
                {t('match.current-none')}
              </Typography>
            ) : (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                {matches.map((entry) => (
                  <Chip
                    key={entry.source}
                    label={t('match.source-id', {
                      source: SOURCE_NAMES[entry.source],
                      id: entry.id,
                    })}
                    onDelete={busy ? undefined : () => void unmatch(entry.source)}
                    deleteIcon={
                      <LinkOffRounded
                        aria-label={t('match.unmatch-one', { source: SOURCE_NAMES[entry.source] })}
                        data-testid={`match-unmatch-${entry.source}`}
                      />
                    }
                  />
                ))}
                <Button
                  size="small"
                  color="error"
                  startIcon={<LinkOffRounded />}
                  disabled={busy}
                  onClick={() => void unmatch()}
                  data-testid="match-unmatch-all"
                >
                  {t('match.unmatch-all')}
                </Button>
              </Stack>
            )}
          </Box>
          {!canSearch ? (
            <Alert severity="info" data-testid="match-no-sources">
              {t('match.no-sources')}
            </Alert>
          ) : picked ? (
            <ConfirmCandidate
              rom={current}
              candidate={picked}
              chosen={chosen}
              onToggle={(source) =>
                setChosen((set) => {
                  const next = new Set(set);
                  if (!next.delete(source)) next.add(source);
                  return next;
                })
              }
              cover={cover}
              onCover={setCover}
              rename={rename}
              onRename={setRename}
            />
          ) : (
            <>
              <Stack
                component="form"
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                onSubmit={(event) => {
                  event.preventDefault();
                  submit();
                }}
              >
                <TextField
                  label={searchBy === 'id' ? t('match.search-id') : t('match.search-name')}
                  value={term}
                  onChange={(event) => setTerm(event.target.value)}
                  size="small"
                  sx={{ flex: 1 }}
                  slotProps={{
                    htmlInput: {
                      'data-testid': 'match-search',
                      inputMode: searchBy === 'id' ? 'numeric' : 'text',
                      maxLength: 500,
                    },
                  }}
                />
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={searchBy}
                  onChange={(_event, value: SearchBy | null) => {
                    if (value) setSearchBy(value);
                  }}
                  aria-label={t('match.search-by')}
                >
                  <ToggleButton value="name" data-testid="match-by-name">
                    {t('match.by-name')}
                  </ToggleButton>
                  <ToggleButton value="id" data-testid="match-by-id">
                    {t('match.by-id')}
                  </ToggleButton>
                </ToggleButtonGroup>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<SearchRounded />}
                  loading={searching}
                  disabled={term.trim() === '' || (searchBy === 'id' && !/^\d+$/.test(term.trim()))}
                  data-testid="match-search-submit"
                >
                  {t('match.search')}
                </Button>
              </Stack>
              {search.isError && !searching ? (
                <Alert severity="error" data-testid="match-search-error">
                  {errorMessage(search.error)}
                </Alert>
              ) : null}
              {search.isSuccess && !searching && results.length === 0 ? (
                <Stack
                  spacing={1}
                  sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}
                  data-testid="match-empty"
                >
                  <TravelExploreRounded sx={{ fontSize: 40, color: 'text.secondary' }} />
                  <Typography variant="subtitle1">{t('match.empty-title')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('match.empty-text', { platform: current.platform_display_name })}
                  </Typography>
                </Stack>
              ) : null}
              {searching || results.length > 0 ? (
                <Box
                  data-testid="match-results"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: {
                      xs: 'repeat(2, minmax(0, 1fr))',
                      sm: 'repeat(4, minmax(0, 1fr))',
                      md: 'repeat(5, minmax(0, 1fr))',
                    },
                    gap: 1.5,
                  }}
                >
                  {searching ? (
                    <CandidateSkeletons />
                  ) : (
                    results.map((candidate) => (
                      <CandidateCard
                        key={candidateSources(candidate)
                          .map((entry) => `${entry.source}:${String(entry.id)}`)
                          .join(',')}
                        rom={current}
                        candidate={candidate}
                        onPick={() => pick(candidate)}
                      />
                    ))
                  )}
                </Box>
              ) : null}
            </>
          )}
          {error ? (
            <Alert severity="error" data-testid="match-error">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {picked ? (
          <Button
            startIcon={<ArrowBackRounded />}
            onClick={() => setPicked(null)}
            disabled={busy}
            sx={{ mr: 'auto' }}
            data-testid="match-back"
          >
            {t('match.back')}
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          {t('actions.close')}
        </Button>
        {picked ? (
          <Button
            variant="contained"
            startIcon={<CheckRounded />}
            loading={busy}
            disabled={chosen.size === 0}
            onClick={() => void apply()}
            data-testid="match-apply"
          >
            {t('match.apply')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import type { SearchRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { ActionRom } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';

import type { MatchSearch } from '../../hooks/use-match-search';
import { candidateSources } from '../../match-candidates';
import { CandidateCard, CandidateSkeletons } from './candidate-card';

const candidateKey = (candidate: SearchRom) =>
  candidateSources(candidate)
    .map((entry) => `${entry.source}:${String(entry.id)}`)
    .join(',');

/** What the search found: skeletons while it runs, its error, "nothing found" or the candidates. */
export function MatchResults({
  rom,
  search,
  onPick,
}: {
  rom: ActionRom;
  search: MatchSearch;
  onPick: (candidate: SearchRom) => void;
}) {
  const { t } = useTranslation('rom');
  return (
    <>
      {search.error !== null ? (
        <Alert severity="error" data-testid="match-search-error">
          {errorMessage(search.error)}
        </Alert>
      ) : null}
      {search.empty ? (
        <Stack
          spacing={1}
          sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}
          data-testid="match-empty"
        >
          <TravelExploreRounded sx={{ fontSize: 40, color: 'text.secondary' }} />
          <Typography variant="subtitle1">{t('match.empty-title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('match.empty-text', { platform: rom.platform_display_name })}
          </Typography>
        </Stack>
      ) : null}
      {search.searching || search.results.length > 0 ? (
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
          {search.searching ? (
            <CandidateSkeletons />
          ) : (
            search.results.map((candidate) => (
              <CandidateCard
                key={candidateKey(candidate)}
                rom={rom}
                candidate={candidate}
                onPick={() => onPick(candidate)}
              />
            ))
          )}
        </Box>
      ) : null}
    </>
  );
}

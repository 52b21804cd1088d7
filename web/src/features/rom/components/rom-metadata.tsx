import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import type { DetailedRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDate } from '@/lib/format';

import { Fact, Section } from './section';

/** The server's default player count, also given when no source knew it. */
const UNKNOWN_PLAYER_COUNT = '1';

function Chips({ values, testId }: { values: readonly string[]; testId: string }) {
  return (
    <Stack direction="row" data-testid={testId} sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}>
      {values.map((value) => (
        <Chip key={value} size="small" variant="outlined" label={value} />
      ))}
    </Stack>
  );
}

/** The 0–100 average of the sources, as stars out of five plus the exact score. */
function RatingValue({ value }: { value: number }) {
  const { t } = useTranslation('rom');
  const score = String(Math.round(value * 100) / 100);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Rating
        value={value / 20}
        precision={0.5}
        readOnly
        size="small"
        aria-hidden
        sx={{ color: 'warning.main' }}
      />
      <Typography
        component="span"
        variant="body2"
        data-testid="rom-average-rating"
        aria-label={t('metadata.rating-label', { score })}
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        {`${score} / 100`}
      </Typography>
    </Stack>
  );
}

/** What the metadata sources say about the game; a short note when none recognised it. */
export function RomMetadata({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  if (!rom.is_identified) {
    return (
      <Section title={t('metadata.title')} testId="rom-metadata-empty">
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
          <TravelExploreRounded color="disabled" />
          <Typography variant="body2" color="text.secondary">
            {t('metadata.unidentified')}
          </Typography>
        </Stack>
      </Section>
    );
  }
  const meta = rom.metadatum;
  const lists: [string, readonly string[], string][] = [
    ['genres', meta.genres, 'rom-genres'],
    ['franchises', meta.franchises, 'rom-franchises'],
    ['companies', meta.companies, 'rom-companies'],
    ['collections', meta.collections, 'rom-collections'],
    ['game-modes', meta.game_modes, 'rom-game-modes'],
    ['age-ratings', meta.age_ratings, 'rom-age-ratings'],
  ];
  const facts: ReactNode[] = [];
  if (meta.first_release_date !== null) {
    facts.push(
      <Fact key="released" label={t('metadata.released')} testId="rom-release-date">
        {/* Release dates are calendar days stored as UTC midnight. */}
        {formatDate(meta.first_release_date, { timeZone: 'UTC' })}
      </Fact>,
    );
  }
  if (meta.average_rating !== null) {
    facts.push(
      <Fact key="rating" label={t('metadata.rating')}>
        <RatingValue value={meta.average_rating} />
      </Fact>,
    );
  }
  if (meta.player_count && meta.player_count !== UNKNOWN_PLAYER_COUNT) {
    facts.push(
      <Fact key="players" label={t('metadata.players')} testId="rom-player-count">
        {meta.player_count}
      </Fact>,
    );
  }
  for (const [key, values, testId] of lists) {
    if (values.length === 0) continue;
    facts.push(
      <Fact key={key} label={t(`metadata.${key}`)}>
        <Chips values={values} testId={testId} />
      </Fact>,
    );
  }
  const altNames = rom.alternative_names;
  if (facts.length === 0 && altNames.length === 0) return null;
  return (
    <Section title={t('metadata.title')} testId="rom-metadata">
      {facts.length > 0 ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
            gap: 2,
          }}
        >
          {facts}
        </Box>
      ) : null}
      {altNames.length > 0 ? (
        <Box sx={{ mt: facts.length > 0 ? 2 : 0 }}>
          <Fact label={t('metadata.alternative-names')}>
            <Box
              component="ul"
              data-testid="rom-alternative-names"
              sx={{ m: 0, p: 0, listStyle: 'none', color: 'text.secondary' }}
            >
              {altNames.map((name) => (
                <Box component="li" key={name} sx={{ py: 0.25 }}>
                  {name}
                </Box>
              ))}
            </Box>
          </Fact>
        </Box>
      ) : null}
    </Section>
  );
}

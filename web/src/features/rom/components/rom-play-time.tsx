import type { DetailedRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { usePlayTimeQuery } from '../api/play-time';
import { Section } from './section';

/** "3 h 05 min", "12 min", or "< 1 min". */
export function formatPlayTime(totalMs: number, t: TFunction<'rom'>): string {
  const minutes = Math.floor(totalMs / 60_000);
  if (minutes < 1) return t('play-time.under-minute');
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return t('play-time.minutes', { minutes });
  return t('play-time.hours', { hours, minutes: String(minutes % 60).padStart(2, '0') });
}

/** "Time played": each user's total on this game (devices and the web player report it). */
export function RomPlayTime({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  const totals = usePlayTimeQuery(rom.id);
  return (
    <Section title={t('play-time.title')} testId="rom-play-time">
      {totals.error ? <Alert severity="error">{errorMessage(totals.error)}</Alert> : null}
      {totals.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="rom-play-time-empty">
          {t('play-time.empty')}
        </Typography>
      ) : null}
      <Stack spacing={1}>
        {(totals.data ?? []).map((total) => (
          <Stack
            key={total.user_id}
            direction="row"
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}
            data-testid="rom-play-time-row"
          >
            <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {total.username}
            </Typography>
            <Stack sx={{ alignItems: 'flex-end' }}>
              <Typography variant="body1" data-testid="rom-play-time-total">
                {formatPlayTime(total.total_ms, t)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('play-time.sessions', { count: total.session_count })}
                {' · '}
                {t('play-time.last', { date: formatDateTime(total.last_played_at) })}
              </Typography>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

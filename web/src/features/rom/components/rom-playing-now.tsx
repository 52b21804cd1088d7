import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WEB_DEVICE_TYPE } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { formatTimeToday } from '@/lib/format';
import { useRomActivityQuery } from '@/shared/api/activity';

/** "Playing now: ann (web browser, since 14:05)": who plays this game right now, kept live. */
export function RomPlayingNow({ romId }: { romId: number }) {
  const { t } = useTranslation('rom');
  const plays = useRomActivityQuery(romId).data ?? [];
  const players = plays.map((play) =>
    t('playing-now.player', {
      username: play.username,
      device: play.device_type === WEB_DEVICE_TYPE ? t('playing-now.device-web') : play.device_type,
      time: formatTimeToday(play.started_at),
    }),
  );
  if (players.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <SportsEsportsRounded fontSize="small" color="success" aria-hidden />
      <Typography variant="body2" data-testid="rom-playing-now" sx={{ overflowWrap: 'anywhere' }}>
        {t('playing-now.line', { players: players.join(', ') })}
      </Typography>
    </Stack>
  );
}

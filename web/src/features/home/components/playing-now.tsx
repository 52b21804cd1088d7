import Avatar from '@mui/material/Avatar';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ActivityEntry } from '@romshelf/contract';
import { WEB_DEVICE_TYPE } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { formatTimeToday } from '@/lib/format';
import { useActivityQuery } from '@/shared/api/activity';

import { Rail, Section } from './home-rail';

function PlayCard({ play }: { play: ActivityEntry }) {
  const { t } = useTranslation('home');
  const device =
    play.device_type === WEB_DEVICE_TYPE ? t('home.playing-device-web') : play.device_type;
  return (
    <ButtonBase
      component={RouterLink}
      to={`/rom/${String(play.rom_id)}`}
      data-testid="home-playing-now-card"
      focusRipple
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        gap: 1,
        p: 1.5,
        borderRadius: '16px',
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
        textAlign: 'left',
        minWidth: 0,
        '&:hover, &.Mui-focusVisible': { borderColor: alpha(theme.palette.primary.main, 0.6) },
      })}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar
          src={play.avatar_path || undefined}
          alt=""
          sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}
        >
          {play.username.charAt(0).toUpperCase()}
        </Avatar>
        <Typography variant="body2" noWrap sx={{ fontWeight: 700 }}>
          {play.username}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {play.rom_name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {play.platform_name} · {device}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('home.playing-since', { time: formatTimeToday(play.started_at) })}
      </Typography>
    </ButtonBase>
  );
}

/** "Playing now": who plays what right now, on which device, since when (kept live). */
export function PlayingNow() {
  const { t } = useTranslation('home');
  const plays = useActivityQuery().data ?? [];
  if (plays.length === 0) return null;
  return (
    <Section title={t('home.playing-now')}>
      <Rail testId="home-playing-now" wide>
        {plays.map((play) => (
          <PlayCard key={`${String(play.user_id)}:${play.device_id}`} play={play} />
        ))}
      </Rail>
    </Section>
  );
}

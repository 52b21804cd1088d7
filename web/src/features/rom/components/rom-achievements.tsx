import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import type { DetailedRom, User } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import { useRefreshRetroAchievementsMutation } from '@/shared/api/refresh-retroachievements';
import { useAuthStore } from '@/shared/stores/auth-store';

import type { RaAchievement } from '../retroachievements';
import { raAchievements, raGameProgress } from '../retroachievements';
import { Section } from './section';

/** Achievements listed before "Show all". */
const FIRST_SHOWN = 10;

const panel = {
  p: 2,
  borderRadius: '12px',
  bgcolor: 'action.hover',
} as const;

/**
 * The signed-in user's progress in this game. RetroAchievements reports counts per game, not
 * which achievements are unlocked, so only the counts are shown.
 */
function UserProgress({ user, raId }: { user: User; raId: number }) {
  const { t } = useTranslation('rom');
  const refresh = useRefreshRetroAchievementsMutation();
  const error = refresh.error ? errorMessage(refresh.error) : null;
  if (!user.ra_username) {
    return (
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        data-testid="rom-ra-hint"
        sx={{ ...panel, gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('achievements.link-hint')}
        </Typography>
        <Button
          component={RouterLink}
          to={`/user/${String(user.id)}`}
          size="small"
          variant="outlined"
          data-testid="rom-ra-profile-link"
          sx={{ flex: 'none', alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('achievements.link-action')}
        </Button>
      </Stack>
    );
  }
  const progress = raGameProgress(user.ra_progression, raId);
  const run = () => refresh.mutate(user.id);
  const percent =
    progress && progress.possible > 0
      ? Math.min(100, Math.round((progress.awarded / progress.possible) * 100))
      : 0;
  return (
    <Stack spacing={1.5} data-testid="rom-ra-progress" sx={panel}>
      <Stack
        direction="row"
        sx={{ gap: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        {progress ? (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" sx={{ display: 'block' }}>
              {t('achievements.progress', { username: user.ra_username })}
            </Typography>
            <Stack direction="row" sx={{ gap: 1.5, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography
                variant="h5"
                component="p"
                data-testid="rom-ra-awarded"
                sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
              >
                {`${String(progress.awarded)} / ${String(progress.possible)}`}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="rom-ra-hardcore">
                {t('achievements.hardcore', { hardcore: progress.awardedHardcore })}
              </Typography>
            </Stack>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="rom-ra-no-progress">
            {t('achievements.no-progress', { username: user.ra_username })}
          </Typography>
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={refresh.isPending ? <CircularProgress size={14} /> : <RefreshRounded />}
          disabled={refresh.isPending}
          onClick={run}
          data-testid="rom-ra-refresh"
        >
          {refresh.isPending ? t('achievements.refreshing') : t('achievements.refresh')}
        </Button>
      </Stack>
      {progress ? (
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('achievements.progress', { username: user.ra_username })}
            data-testid="rom-ra-bar"
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
            color={percent === 100 ? 'warning' : 'primary'}
          />
          <Typography
            variant="body2"
            sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', minWidth: 40 }}
            data-testid="rom-ra-percent"
          >
            {`${String(percent)}%`}
          </Typography>
        </Stack>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert" data-testid="rom-ra-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The achievement's badge, or a trophy when it has none or it does not load. */
function AchievementBadge({ url }: { url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = { flex: 'none', width: 48, height: 48, borderRadius: '8px', bgcolor: 'action.hover' };
  if (url !== null && failed !== url) {
    return (
      <Box
        component="img"
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        width={48}
        height={48}
        onError={() => setFailed(url)}
        sx={box}
      />
    );
  }
  return (
    <Box sx={{ ...box, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
      <EmojiEventsRounded />
    </Box>
  );
}

function AchievementRow({ achievement }: { achievement: RaAchievement }) {
  const { t } = useTranslation('rom');
  return (
    <Stack
      component="li"
      direction="row"
      data-testid="rom-achievement"
      sx={{ gap: 1.5, alignItems: 'center', py: 1, minWidth: 0 }}
    >
      <AchievementBadge url={achievement.badgeUrl} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="body2"
          data-testid="rom-achievement-title"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {achievement.title}
        </Typography>
        {achievement.description ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {achievement.description}
          </Typography>
        ) : null}
      </Box>
      <Chip
        size="small"
        variant="outlined"
        color="warning"
        label={t('achievements.points', { count: achievement.points })}
        data-testid="rom-achievement-points"
        sx={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}
      />
    </Stack>
  );
}

/** The game's RetroAchievements set and, for the signed-in user, their progress in it. */
export function RomAchievements({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  const user = useAuthStore((state) => state.user);
  const [showAll, setShowAll] = useState(false);
  const achievements = useMemo(
    () => raAchievements(rom.merged_ra_metadata),
    [rom.merged_ra_metadata],
  );
  if (rom.ra_id === null || achievements.length === 0) return null;
  const points = achievements.reduce((sum, achievement) => sum + achievement.points, 0);
  const shown = showAll ? achievements : achievements.slice(0, FIRST_SHOWN);
  return (
    <Section
      title={t('achievements.title')}
      testId="rom-achievements"
      aside={
        <Typography variant="body2" color="text.secondary" data-testid="rom-achievements-total">
          {`${t('achievements.count', { count: achievements.length })} · ${t('achievements.points', { count: points })}`}
        </Typography>
      }
    >
      <Stack spacing={1.5}>
        {user ? <UserProgress user={user} raId={rom.ra_id} /> : null}
        <Box
          component="ul"
          sx={{
            m: 0,
            p: 0,
            listStyle: 'none',
            '& > li + li': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {shown.map((achievement) => (
            <AchievementRow key={achievement.key} achievement={achievement} />
          ))}
        </Box>
        {achievements.length > FIRST_SHOWN ? (
          <Button
            size="small"
            onClick={() => setShowAll(!showAll)}
            data-testid="rom-achievements-more"
            sx={{ alignSelf: 'flex-start' }}
          >
            {showAll
              ? t('achievements.show-less')
              : t('achievements.show-all', { total: achievements.length })}
          </Button>
        ) : null}
      </Stack>
    </Section>
  );
}

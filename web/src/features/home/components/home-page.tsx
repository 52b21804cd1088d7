import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import RadarRounded from '@mui/icons-material/RadarRounded';
import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import type { Platform, SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { LibraryEmptyState } from '@/components/library-empty-state';
import { PageHeader } from '@/components/page-header';
import { PlatformIcon } from '@/components/platform-icon';
import { useRomActions } from '@/components/rom-actions-context';
import { RomCard, RomCardSkeleton } from '@/components/rom-card';
import { errorMessage } from '@/lib/api-client';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';
import { formatBytes } from '@/lib/format';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { useContinuePlayingQuery, useRecentRomsQuery } from '@/shared/api/recent-roms';
import { welcomeKey } from '../welcome';

import { CollectionRails } from './collection-rails';
import { Rail, Section } from './home-rail';
import { PlayingNow } from './playing-now';

const NO_ROMS: readonly SimpleRom[] = [];

function PlatformCard({ platform }: { platform: Platform }) {
  const { t } = useTranslation('home');
  return (
    <ButtonBase
      component={RouterLink}
      to={`/platform/${String(platform.id)}`}
      data-testid="home-platform"
      data-nav-card
      focusRipple
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.25,
        p: 2,
        borderRadius: '16px',
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
        textAlign: 'center',
        transition: theme.transitions.create(['transform', 'border-color']),
        '&:hover, &.Mui-focusVisible': {
          borderColor: alpha(theme.palette.primary.main, 0.6),
          transform: 'translateY(-2px)',
        },
      })}
    >
      <PlatformIcon platform={platform} size={64} />
      <Box sx={{ minWidth: 0, width: '100%' }}>
        {/* Full names on up to three lines ("Nintendo Entertainment System" in a narrow card). */}
        <Typography
          variant="body2"
          title={platform.display_name}
          sx={{
            fontWeight: 700,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'break-word',
          }}
        >
          {platform.display_name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('home.games', { count: platform.rom_count })}
        </Typography>
      </Box>
    </ButtonBase>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box
      sx={{
        px: 2,
        py: 1.25,
        borderRadius: '12px',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minWidth: { xs: 0, sm: 110 },
        flex: { xs: 1, sm: 'none' },
      }}
    >
      <Typography
        variant="h6"
        component="p"
        sx={{ lineHeight: 1.2, fontSize: { xs: 16, sm: 20 }, whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

export function HomePage() {
  const { t } = useTranslation('home');
  const { RomMenu } = useRomActions();
  const username = useAuthStore((state) => state.user?.username ?? '');
  const welcome = useAuthStore((state) => welcomeKey(state.user));
  const canScan = useHasScopes('platforms.write');
  const goScan = useNavigationStore((state) => state.goScan);
  const openDrawer = useNavigationStore((state) => state.openDrawer);
  const platforms = usePlatformsQuery();
  const recent = useRecentRomsQuery();
  const continuePlaying = useContinuePlayingQuery();
  // The rails each user turned on (Settings → User interface).
  const show = useUiSettingsStore((state) => state.settings);
  // Both rails are ROM lists of the query cache, so changes to a game reach them (SPEC §4).
  const recentRoms = recent.data?.items ?? NO_ROMS;
  const continueRoms = continuePlaying.data?.items ?? NO_ROMS;

  const header = (
    <PageHeader
      title={t('home.title')}
      subtitle={t(welcome, { username })}
      icon={<HomeRounded />}
    />
  );

  if (platforms.isError) {
    return (
      <>
        {header}
        <EmptyState
          testId="home-error"
          icon={<ErrorOutlineRounded />}
          title={t('home.error-title')}
          text={errorMessage(platforms.error)}
          action={
            <Button variant="outlined" onClick={() => void platforms.refetch()}>
              {t('home.retry')}
            </Button>
          }
        />
      </>
    );
  }

  const list = sortPlatforms(platforms.data ?? []).filter((platform) => platform.rom_count > 0);
  if (platforms.isSuccess && list.length === 0) {
    return (
      <>
        {header}
        <LibraryEmptyState
          testId="home-empty"
          icon={<SportsEsportsRounded />}
          title={t('home.empty-title')}
          canScan={canScan}
          action={
            canScan ? (
              <Button
                variant="contained"
                size="large"
                startIcon={<RadarRounded />}
                onClick={goScan}
              >
                {t('home.scan-action')}
              </Button>
            ) : undefined
          }
        />
      </>
    );
  }

  const games = list.reduce((sum, platform) => sum + platform.rom_count, 0);
  const size = list.reduce((sum, platform) => sum + platform.fs_size_bytes, 0);

  return (
    <>
      {header}
      {platforms.isSuccess && show.showStats ? (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mb: 4, overflowX: 'auto' }}
          data-testid="home-stats"
        >
          <Stat label={t('home.stat-platforms')} value={String(list.length)} />
          <Stat label={t('home.stat-games')} value={String(games)} />
          <Stat label={t('home.stat-size')} value={formatBytes(size)} />
        </Stack>
      ) : null}
      <PlayingNow />
      {show.showRecentRoms ? (
        <Section
          title={t('home.recent')}
          action={
            recent.data && recent.data.items.length > 0 ? (
              <Typography variant="caption" color="text.secondary">
                {t('home.recent-hint', { count: recent.data.items.length })}
              </Typography>
            ) : undefined
          }
        >
          <Rail testId="home-recent">
            {recent.data
              ? recentRoms.map((rom) => (
                  <RomCard key={rom.id} rom={rom} actions={<RomMenu rom={rom} overlay />} />
                ))
              : Array.from({ length: 8 }, (_, index) => <RomCardSkeleton key={index} />)}
          </Rail>
        </Section>
      ) : null}
      {show.showContinuePlaying && continueRoms.length > 0 ? (
        <Section id="continue-playing" title={t('home.continue-playing')}>
          <Rail testId="home-continue-playing">
            {continueRoms.map((rom) => (
              <RomCard key={rom.id} rom={rom} actions={<RomMenu rom={rom} overlay />} />
            ))}
          </Rail>
        </Section>
      ) : null}
      {show.showPlatforms ? (
        <Section
          title={t('home.platforms')}
          action={
            <Button size="small" onClick={() => openDrawer('platforms')}>
              {t('home.all-platforms')}
            </Button>
          }
        >
          <Rail testId="home-platforms" wide>
            {platforms.data
              ? list.map((platform) => <PlatformCard key={platform.id} platform={platform} />)
              : Array.from({ length: 6 }, (_, index) => (
                  <Skeleton
                    key={index}
                    variant="rounded"
                    sx={{ height: 150, borderRadius: '16px' }}
                  />
                ))}
          </Rail>
        </Section>
      ) : null}
      <CollectionRails />
    </>
  );
}

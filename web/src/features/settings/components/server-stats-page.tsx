import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import PhotoRounded from '@mui/icons-material/PhotoRounded';
import QueryStatsRounded from '@mui/icons-material/QueryStatsRounded';
import RadarRounded from '@mui/icons-material/RadarRounded';
import SaveRounded from '@mui/icons-material/SaveRounded';
import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import StorageRounded from '@mui/icons-material/StorageRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import type { Stats } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { CompletenessFigure } from '@/components/completeness-figure';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { usePlatformsQuery } from '@/shared/api/platforms';
import { useStatsQuery } from '../api/stats';
import { formatBytes } from '@/lib/format';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { useNumberFormat } from './server-stats-format';
import { PlatformStatsList, PlatformStatsListSkeleton } from './server-stats-platforms';

const TOTALS_GRID = {
  display: 'grid',
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    // Six in a row only where a size like "1023.99 GB" still fits beside its icon.
    xl: 'repeat(6, minmax(0, 1fr))',
  },
  gap: { xs: 1, sm: 1.5 },
  mb: 4,
} as const;

function StatCard({
  id,
  icon,
  label,
  value,
}: {
  id: string;
  icon: ReactNode;
  label: string;
  value: string;
}) {
  return (
    <Box
      data-testid={`server-stats-total-${id}`}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1.25, sm: 1.5 },
        minWidth: 0,
        p: { xs: 1.5, sm: 2 },
        borderRadius: '16px',
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
      })}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          width: { xs: 32, sm: 40 },
          height: { xs: 32, sm: 40 },
          borderRadius: '12px',
          color: 'primary.main',
          bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.1),
          '& svg': { fontSize: { xs: 20, sm: 22 } },
        })}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="p"
          data-testid="stat-value"
          noWrap
          title={value}
          sx={{
            fontSize: { xs: 17, sm: 22 },
            fontWeight: 700,
            lineHeight: 1.2,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ lineHeight: 1.3 }}>
          {label}
        </Typography>
      </Box>
    </Box>
  );
}

function StatTotals({ stats }: { stats: Stats }) {
  const { t } = useTranslation('settings');
  const number = useNumberFormat();
  const cards: [id: string, icon: ReactNode, label: string, value: string][] = [
    [
      'platforms',
      <SportsEsportsRounded key="icon" />,
      t('server-stats.platforms'),
      number(stats.PLATFORMS),
    ],
    ['games', <VideogameAssetRounded key="icon" />, t('server-stats.games'), number(stats.ROMS)],
    ['saves', <SaveRounded key="icon" />, t('server-stats.saves'), number(stats.SAVES)],
    ['states', <HistoryRounded key="icon" />, t('server-stats.states'), number(stats.STATES)],
    [
      'screenshots',
      <PhotoRounded key="icon" />,
      t('server-stats.screenshots'),
      number(stats.SCREENSHOTS),
    ],
    [
      'size',
      <StorageRounded key="icon" />,
      t('server-stats.size'),
      formatBytes(stats.TOTAL_FILESIZE_BYTES),
    ],
  ];
  return (
    <Box data-testid="server-stats-totals" sx={TOTALS_GRID}>
      {cards.map(([id, icon, label, value]) => (
        <StatCard key={id} id={id} icon={icon} label={label} value={value} />
      ))}
    </Box>
  );
}

function ServerStatsSkeleton() {
  const { t } = useTranslation('settings');
  return (
    <Box data-testid="server-stats-loading" aria-busy aria-label={t('server-stats.loading')}>
      <Box sx={TOTALS_GRID}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton
            key={index}
            variant="rounded"
            sx={{ height: { xs: 66, sm: 74 }, borderRadius: '16px' }}
          />
        ))}
      </Box>
      <PlatformStatsListSkeleton />
    </Box>
  );
}

export function ServerStatsPage() {
  const { t } = useTranslation('settings');
  const version = useHeartbeatStore((state) => state.value?.SYSTEM.ROMSHELF_VERSION);
  const canScan = useHasScopes('platforms.write');
  const goScan = useNavigationStore((state) => state.goScan);
  const stats = useStatsQuery();
  const platforms = usePlatformsQuery();

  const header = (
    <PageHeader
      title={t('server-stats.title')}
      subtitle={t('server-stats.subtitle')}
      icon={<InsightsRounded />}
      actions={
        version ? (
          <Chip variant="outlined" label={t('server-stats.version', { version })} />
        ) : undefined
      }
    />
  );

  let body: ReactNode;
  if (stats.isError || platforms.isError) {
    body = (
      <EmptyState
        testId="server-stats-error"
        icon={<ErrorOutlineRounded />}
        title={t('server-stats.error-title')}
        text={errorMessage(stats.error ?? platforms.error)}
        action={
          <Button
            variant="outlined"
            onClick={() => {
              if (stats.isError) void stats.refetch();
              if (platforms.isError) void platforms.refetch();
            }}
          >
            {t('server-stats.retry')}
          </Button>
        }
      />
    );
  } else if (!stats.data || !platforms.data) {
    body = <ServerStatsSkeleton />;
  } else if (stats.data.PLATFORMS === 0) {
    body = (
      <EmptyState
        testId="server-stats-empty"
        icon={<QueryStatsRounded />}
        title={t('server-stats.empty-title')}
        text={t('server-stats.empty-text')}
        action={
          canScan ? (
            <Button variant="contained" startIcon={<RadarRounded />} onClick={goScan}>
              {t('server-stats.scan')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <Stack>
        <StatTotals stats={stats.data} />
        <CompletenessFigure platformId={null} />
        <PlatformStatsList platforms={platforms.data} stats={stats.data} />
      </Stack>
    );
  }

  return (
    <>
      {header}
      {body}
    </>
  );
}

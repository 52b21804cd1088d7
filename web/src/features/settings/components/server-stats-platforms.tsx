import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import type {
  MetadataCoverage,
  Platform,
  RegionCount,
  Stats,
  StatsMetadataSource,
} from '@romshelf/contract';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PlatformIcon } from '@/components/platform-icon';
import { isFlag, regionToEmoji } from '@/lib/flags';
import { formatBytes } from '@/lib/format';

import { useNumberFormat } from './server-stats-format';

/** Brand names, the same in every language. */
const SOURCE_NAMES: Readonly<Record<StatsMetadataSource, string>> = {
  igdb: 'IGDB',
  moby: 'MobyGames',
  ss: 'ScreenScraper',
  ra: 'RetroAchievements',
  launchbox: 'LaunchBox',
  hasheous: 'Hasheous',
  sgdb: 'SteamGridDB',
  tgdb: 'TheGamesDB',
};

type PlatformSort = 'size' | 'games';

const metric = (platform: Platform, sort: PlatformSort) =>
  sort === 'size' ? platform.fs_size_bytes : platform.rom_count;

/** Platforms holding games, largest first by the chosen measure, then by name. */
function sortPlatformStats(platforms: readonly Platform[], sort: PlatformSort): Platform[] {
  return platforms
    .filter((platform) => platform.rom_count > 0)
    .sort(
      (a, b) =>
        metric(b, sort) - metric(a, sort) ||
        a.display_name.localeCompare(b.display_name, undefined, { sensitivity: 'base' }),
    );
}

function CoverageRow({ coverage, games }: { coverage: MetadataCoverage; games: number }) {
  const number = useNumberFormat();
  const percent = games === 0 ? 0 : (coverage.matched / games) * 100;
  return (
    <Box
      data-testid={`coverage-${coverage.source}`}
      sx={{
        display: 'grid',
        // Phones put the bar under the name so it keeps a useful length.
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr) auto',
          sm: 'minmax(0, 9.5rem) minmax(3rem, 1fr) auto',
        },
        gridTemplateAreas: { xs: '"name value" "bar bar"', sm: '"name bar value"' },
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 0.5,
        opacity: coverage.matched === 0 ? 0.6 : 1,
      }}
    >
      <Typography variant="body2" noWrap sx={{ gridArea: 'name' }}>
        {SOURCE_NAMES[coverage.source]}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={SOURCE_NAMES[coverage.source]}
        sx={{ gridArea: 'bar', height: 6, borderRadius: 3 }}
      />
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="coverage-value"
        sx={{
          gridArea: 'value',
          fontVariantNumeric: 'tabular-nums',
          textAlign: 'right',
          minWidth: '3.5rem',
        }}
      >
        {`${number(coverage.matched)}/${number(games)}`}
      </Typography>
    </Box>
  );
}

function RegionChips({ regions }: { regions: readonly RegionCount[] }) {
  const { t } = useTranslation('settings');
  const number = useNumberFormat();
  if (regions.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-regions">
        {t('server-stats.no-regions')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      {regions.map(({ region, count }) => {
        const flag = regionToEmoji(region);
        return (
          <Chip
            key={region}
            size="small"
            variant="outlined"
            data-testid="region-chip"
            label={
              <>
                {isFlag(flag) ? `${flag} ${region}` : region}
                <Box component="span" sx={{ ml: 0.75, fontWeight: 700 }}>
                  {number(count)}
                </Box>
              </>
            }
          />
        );
      })}
    </Stack>
  );
}

function PlatformRow({
  platform,
  share,
  coverage,
  regions,
}: {
  platform: Platform;
  /** Part (0–1) of the library this platform holds by the sorted measure. */
  share: number;
  coverage: readonly MetadataCoverage[];
  regions: readonly RegionCount[];
}) {
  const { t } = useTranslation('settings');
  const number = useNumberFormat();
  const headingId = `server-stats-platform-${String(platform.id)}`;
  return (
    <Accordion
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid="server-stats-platform"
      sx={(theme) => ({
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: '14px !important',
        bgcolor: 'background.paper',
        '&::before': { display: 'none' },
      })}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreRounded />}
        id={headingId}
        aria-controls={`${headingId}-details`}
        sx={{ px: { xs: 1.5, sm: 2 }, '& .MuiAccordionSummary-content': { my: 1.25, minWidth: 0 } }}
      >
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', minWidth: 0, width: '100%' }}
        >
          <PlatformIcon platform={platform} size={40} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
              <Typography
                data-testid="platform-name"
                sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}
                noWrap
                title={platform.display_name}
              >
                {platform.display_name}
              </Typography>
              <Typography
                variant="body2"
                data-testid="platform-size"
                sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {formatBytes(platform.fs_size_bytes)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
              <Typography
                variant="caption"
                color="text.secondary"
                data-testid="platform-games"
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('server-stats.game-count', {
                  count: platform.rom_count,
                  formatted: number(platform.rom_count),
                })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={share * 100}
                color="secondary"
                aria-hidden
                sx={{ flex: 1, height: 4, borderRadius: 2 }}
              />
            </Stack>
          </Box>
        </Stack>
      </AccordionSummary>
      <AccordionDetails
        id={`${headingId}-details`}
        sx={{
          px: { xs: 1.5, sm: 2 },
          pb: 2,
          pt: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gap: { xs: 2.5, md: 4 },
        }}
      >
        <Box data-testid="platform-coverage">
          <Typography variant="overline" color="text.secondary" component="h3">
            {t('server-stats.coverage')}
          </Typography>
          <Stack spacing={1} sx={{ mt: 0.5 }}>
            {coverage.map((entry) => (
              <CoverageRow key={entry.source} coverage={entry} games={platform.rom_count} />
            ))}
          </Stack>
        </Box>
        <Box data-testid="platform-regions">
          <Typography variant="overline" color="text.secondary" component="h3">
            {t('server-stats.regions')}
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <RegionChips regions={regions} />
          </Box>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

/** Platforms with their size and games, sortable, each opening on its metadata coverage and regions. */
export function PlatformStatsList({
  platforms,
  stats,
}: {
  platforms: readonly Platform[];
  stats: Stats;
}) {
  const { t } = useTranslation('settings');
  const [sort, setSort] = useState<PlatformSort>('size');
  const rows = useMemo(() => sortPlatformStats(platforms, sort), [platforms, sort]);
  const total = rows.reduce((sum, platform) => sum + metric(platform, sort), 0);
  return (
    <Box component="section" aria-labelledby="server-stats-by-platform">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
      >
        <Typography variant="h6" component="h2" id="server-stats-by-platform">
          {t('server-stats.by-platform')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={sort}
          onChange={(_, value: PlatformSort | null) => {
            if (value !== null) setSort(value);
          }}
          aria-label={t('server-stats.sort-by')}
          data-testid="server-stats-sort"
        >
          <ToggleButton value="size" sx={{ px: 1.5 }}>
            {t('server-stats.sort-size')}
          </ToggleButton>
          <ToggleButton value="games" sx={{ px: 1.5 }}>
            {t('server-stats.sort-games')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Stack spacing={1} data-testid="server-stats-platforms">
        {rows.map((platform) => {
          const key = String(platform.id);
          return (
            <PlatformRow
              key={platform.id}
              platform={platform}
              share={total === 0 ? 0 : metric(platform, sort) / total}
              coverage={stats.METADATA_COVERAGE[key] ?? []}
              regions={stats.REGION_BREAKDOWN[key] ?? []}
            />
          );
        })}
      </Stack>
    </Box>
  );
}

export function PlatformStatsListSkeleton() {
  return (
    <Box>
      <Skeleton variant="text" sx={{ width: 160, fontSize: 24, mb: 1.5 }} />
      <Stack spacing={1}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" sx={{ height: 68, borderRadius: '14px' }} />
        ))}
      </Stack>
    </Box>
  );
}

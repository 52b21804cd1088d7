import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { formatBytes } from '@/lib/format';

import { useScanStore } from '../stores/scan-store';

/** The counters of `scan:update_stats` (and the final ones of `scan:done`). */
export function ScanStatsPanel() {
  const { t } = useTranslation('scan');
  const stats = useScanStore((state) => state.stats);
  const withMetadata = useScanStore((state) => state.withMetadata);
  if (!stats) return null;
  const items: [key: string, value: string, detail?: string][] = [
    ['platforms', `${String(stats.scanned_platforms)} / ${String(stats.total_platforms)}`],
    ['new-platforms', String(stats.new_platforms)],
    ['roms', `${String(stats.scanned_roms)} / ${String(stats.total_roms)}`],
    ['new-roms', String(stats.new_roms)],
    ...(withMetadata
      ? [['identified-roms', String(stats.identified_roms)] as [string, string]]
      : []),
    ['updated-roms', String(stats.updated_roms)],
    ['missing-roms', String(stats.missing_roms)],
    ['hashed', String(stats.hashed_files), formatBytes(stats.hashed_bytes)],
    ['skipped', String(stats.skipped_files)],
  ];
  return (
    <Box
      data-testid="scan-stats"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, 1fr)',
          sm: items.length % 4 === 0 ? 'repeat(4, 1fr)' : 'repeat(3, 1fr)',
        },
        gap: 1,
      }}
    >
      {items.map(([key, value, detail]) => (
        <Box
          key={key}
          data-testid={`scan-stat-${key}`}
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: '12px',
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Typography
            variant="subtitle1"
            component="p"
            sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {value}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`stats.${key}`)}
            {detail ? ` · ${detail}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

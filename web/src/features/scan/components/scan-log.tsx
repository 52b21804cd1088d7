import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { PlatformIcon } from '@/components/platform-icon';
import { UnidentifiedBadge } from '@/components/rom-card';
import { isFlag, regionToEmoji } from '@/lib/flags';
import { formatBytes } from '@/lib/format';

import { useScanStore } from '../stores/scan-store';
import { ROW_HEIGHT, WINDOW_HEIGHT, useRomWindow } from '../use-rom-window';
import type { ScanLogPlatform, ScanLogRom } from '../stores/scan-store';

/** Platforms with more ROMs than this draw only the rows in view of their scrolling list. */
const WINDOW_FROM = 60;

const rowSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  height: ROW_HEIGHT,
  borderTop: 1,
  borderColor: 'divider',
} as const;

function RomRow({ rom, style }: { rom: ScanLogRom; style?: CSSProperties }) {
  const withMetadata = useScanStore((state) => state.withMetadata);
  return (
    <Box component="li" data-testid="scan-log-rom" sx={rowSx} style={style}>
      <Link
        component={RouterLink}
        to={`/rom/${String(rom.id)}`}
        underline="hover"
        color="inherit"
        variant="body2"
        noWrap
        sx={{ flex: 1, minWidth: 0 }}
      >
        {rom.name ?? rom.fs_name}
      </Link>
      {withMetadata ? <UnidentifiedBadge rom={rom} /> : null}
      <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
        {rom.regions
          .map((region) => regionToEmoji(region))
          .filter(isFlag)
          .slice(0, 3)
          .join(' ')}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {formatBytes(rom.fs_size_bytes)}
      </Typography>
    </Box>
  );
}

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

/**
 * A big platform's ROMs in a list of its own scroll: only the rows in view are drawn, so a scan
 * of thousands keeps the page quick while each ROM stays a scroll away.
 */
function WindowedRomList({ roms, label }: { roms: readonly ScanLogRom[]; label: string }) {
  const { scroller, items, totalSize } = useRomWindow(roms.length);
  return (
    <Box
      ref={scroller}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid="scan-log-window"
      sx={{ height: WINDOW_HEIGHT, overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      <Box component="ol" sx={{ ...listSx, position: 'relative', height: totalSize }}>
        {items.map((item) => {
          const rom = roms[item.index];
          return rom === undefined ? null : (
            <RomRow
              key={rom.id}
              rom={rom}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${String(item.start)}px)`,
              }}
            />
          );
        })}
      </Box>
    </Box>
  );
}

function PlatformLog({ platform, latest }: { platform: ScanLogPlatform; latest: boolean }) {
  const { t } = useTranslation('scan');
  return (
    <Accordion
      defaultExpanded={latest}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid={`scan-log-${platform.fs_slug}`}
      sx={{
        '&:before': { display: 'none' },
        border: 1,
        borderColor: 'divider',
        borderRadius: '12px !important',
      }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreRounded />}
        // A flex item keeps its content's width unless allowed to shrink: long platform names
        // would push the row past a phone's edge instead of being cut.
        sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
          <PlatformIcon platform={{ slug: platform.slug, name: platform.name }} size={32} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap>
              {platform.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {platform.fs_slug}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={platform.written > 0 ? 'primary' : 'default'}
            label={t('log.roms', { count: platform.written })}
            data-testid="scan-log-count"
            sx={{ mr: 1 }}
          />
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        {platform.roms.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('log.nothing-new')}
          </Typography>
        ) : platform.roms.length > WINDOW_FROM ? (
          <WindowedRomList roms={platform.roms} label={platform.name} />
        ) : (
          <Box component="ol" sx={listSx}>
            {platform.roms.map((rom) => (
              <RomRow key={rom.id} rom={rom} />
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** The live log: one panel per platform as the scan reaches it, listing the ROMs found. */
export function ScanLog() {
  const { t } = useTranslation('scan');
  const platforms = useScanStore((state) => state.platforms);
  return (
    <Stack spacing={1} data-testid="scan-log">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('scan.log')}
      </Typography>
      {platforms.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('log.waiting')}
        </Typography>
      ) : (
        platforms.map((platform, index) => (
          <PlatformLog
            key={platform.id}
            platform={platform}
            latest={index === platforms.length - 1}
          />
        ))
      )}
    </Stack>
  );
}

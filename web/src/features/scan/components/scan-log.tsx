import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { PlatformIcon } from '@/components/platform-icon';
import { UnidentifiedBadge } from '@/components/rom-card';
import { isFlag, regionToEmoji } from '@/lib/flags';
import { formatBytes } from '@/lib/format';

import { useScanStore } from '../stores/scan-store';
import type { ScanLogPlatform } from '../stores/scan-store';

/** Only the most recent ROMs of a platform are drawn; huge scans would otherwise bog down. */
const VISIBLE_ROMS = 200;

function PlatformLog({ platform, latest }: { platform: ScanLogPlatform; latest: boolean }) {
  const withMetadata = useScanStore((state) => state.withMetadata);
  const { t } = useTranslation('scan');
  const roms = platform.roms.slice(-VISIBLE_ROMS);
  const hidden = Math.max(0, platform.written - roms.length);
  return (
    <Accordion
      defaultExpanded={latest}
      disableGutters
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
        {platform.written === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('log.nothing-new')}
          </Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {hidden > 0 ? (
              <Typography component="li" variant="caption" color="text.secondary">
                {t('log.more', { count: hidden })}
              </Typography>
            ) : null}
            {roms.map((rom) => (
              <Box
                component="li"
                key={rom.id}
                data-testid="scan-log-rom"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  py: 0.5,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
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

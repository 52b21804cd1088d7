import type { DetailedRom, SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { gameTitle } from '@/components/game-cover';
import { HiddenMark } from '@/components/hidden-mark';
import { PlatformIcon } from '@/components/platform-icon';
import { isFlag, regionToEmoji } from '@/lib/flags';

/** The game's name with its platform, regions, revision and missing mark; `children` below. */
export function RomHeading({
  rom,
  children,
}: {
  rom: SimpleRom | DetailedRom;
  children?: ReactNode;
}) {
  const { t } = useTranslation('rom');
  return (
    <Box>
      <Typography
        variant="h3"
        component="h1"
        data-testid="page-heading"
        sx={{ fontSize: { xs: 28, sm: 36, md: 42 }, wordBreak: 'break-word' }}
      >
        {gameTitle(rom)}
      </Typography>
      <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          component={RouterLink}
          to={`/platform/${String(rom.platform_id)}`}
          clickable
          data-testid="rom-platform-link"
          avatar={
            <Box sx={{ display: 'grid', placeItems: 'center', bgcolor: 'transparent !important' }}>
              <PlatformIcon
                platform={{ slug: rom.platform_slug, name: rom.platform_display_name }}
                size={22}
              />
            </Box>
          }
          label={rom.platform_display_name}
        />
        {rom.regions.map((region) => {
          const flag = regionToEmoji(region);
          return (
            <Chip
              key={region}
              size="small"
              label={isFlag(flag) ? `${flag} ${region}` : region}
              data-testid="rom-region"
            />
          );
        })}
        {rom.revision ? (
          <Chip size="small" color="primary" variant="outlined" label={rom.revision} />
        ) : null}
        {rom.missing_from_fs ? (
          <Chip size="small" color="error" label={t('details.missing')} />
        ) : null}
        <HiddenMark entity="roms" id={rom.id} />
        <HiddenMark entity="platforms" id={rom.platform_id} />
      </Stack>
      {children}
    </Box>
  );
}

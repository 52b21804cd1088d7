import type { SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';

import { isFlag, regionToEmoji } from '@/lib/flags';
import { formatBytes } from '@/lib/format';

import { GameCover, gameTitle } from './game-cover';

export type RomCardRom = Pick<
  SimpleRom,
  | 'id'
  | 'name'
  | 'fs_name'
  | 'fs_name_no_tags'
  | 'fs_size_bytes'
  | 'regions'
  | 'path_cover_small'
  | 'path_cover_large'
  | 'platform_slug'
  | 'platform_display_name'
>;

/** Region flags, at most `max`, the rest as "+n"; the tooltip lists every region. */
export function RegionFlags({ regions, max = 3 }: { regions: readonly string[]; max?: number }) {
  if (regions.length === 0) return null;
  const shown = regions.slice(0, max).map((region) => {
    const flag = regionToEmoji(region);
    return isFlag(flag) ? flag : region;
  });
  return (
    <Tooltip title={regions.join(', ')}>
      <Box
        component="span"
        data-testid="rom-regions"
        sx={{
          display: 'inline-flex',
          gap: 0.25,
          fontSize: 13,
          lineHeight: 1,
          whiteSpace: 'nowrap',
        }}
      >
        {shown.join(' ')}
        {regions.length > max ? ` +${String(regions.length - max)}` : ''}
      </Box>
    </Tooltip>
  );
}

/** A game card: cover, title, region flags and size. Links to the game's page. */
export const RomCard = memo(function RomCard({
  rom,
  compact = false,
}: {
  rom: RomCardRom;
  compact?: boolean;
}) {
  const title = gameTitle(rom);
  return (
    <ButtonBase
      component={RouterLink}
      to={`/rom/${String(rom.id)}`}
      data-testid="rom-card"
      data-rom-id={rom.id}
      aria-label={title}
      focusRipple
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        textAlign: 'left',
        borderRadius: '12px',
        p: compact ? 0.5 : 0.75,
        gap: compact ? 0.5 : 1,
        transition: theme.transitions.create(['transform', 'background-color'], {
          duration: theme.transitions.duration.shorter,
        }),
        '&:hover, &.Mui-focusVisible': {
          bgcolor: alpha(theme.palette.primary.main, 0.1),
          transform: 'translateY(-2px)',
        },
        contentVisibility: 'auto',
        containIntrinsicSize: 'auto 320px',
      })}
    >
      <Box sx={{ boxShadow: '0 6px 18px rgba(0,0,0,0.28)', borderRadius: '12px' }}>
        <GameCover rom={rom} radius={compact ? 10 : 12} />
      </Box>
      <Box sx={{ px: 0.25, minWidth: 0 }}>
        <Typography
          variant="body2"
          data-testid="rom-card-title"
          sx={{
            fontWeight: 600,
            fontSize: compact ? 12 : 14,
            lineHeight: 1.3,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            minHeight: compact ? 31 : 36,
          }}
        >
          {title}
        </Typography>
        {compact ? null : (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              mt: 0.5,
              color: 'text.secondary',
              minHeight: 18,
            }}
          >
            <RegionFlags regions={rom.regions} />
            <Typography variant="caption" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
              {formatBytes(rom.fs_size_bytes)}
            </Typography>
          </Box>
        )}
      </Box>
    </ButtonBase>
  );
});

/** A card-shaped placeholder while games load. */
export function RomCardSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <Box data-testid="rom-card-skeleton" sx={{ p: compact ? 0.5 : 0.75 }}>
      <Skeleton
        variant="rounded"
        sx={{ width: '100%', height: 'auto', aspectRatio: '2 / 3', borderRadius: '12px' }}
      />
      <Skeleton variant="text" sx={{ mt: 1, width: '80%' }} />
      {compact ? null : <Skeleton variant="text" sx={{ width: '40%' }} />}
    </Box>
  );
}

import type { DetailedRom, SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';

import { gameTitle } from '@/components/game-cover';
import { hashString, platformBadge } from '@/lib/platform-badge';

/** The blurred cover (or the platform's colour) fading out behind the top of the page. */
export function RomBackdrop({ rom }: { rom: SimpleRom | DetailedRom }) {
  const badge = platformBadge({ slug: rom.platform_slug, name: rom.platform_display_name });
  const cover = rom.path_cover_large || rom.path_cover_small;
  const accent = (badge.hue + (hashString(gameTitle(rom)) % 40)) % 360;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        left: { xs: -16, sm: -24, md: -32 },
        right: { xs: -16, sm: -24, md: -32 },
        top: { xs: -24, md: -32 },
        height: 380,
        zIndex: 0,
        overflow: 'hidden',
        pointerEvents: 'none',
        maskImage: 'linear-gradient(to bottom, black 0%, transparent 100%)',
        background: cover
          ? `center / cover no-repeat url("${cover}")`
          : `radial-gradient(80% 120% at 20% 0%, hsl(${String(accent)} 60% 45% / 0.55) 0%, transparent 70%)`,
        filter: cover ? 'blur(36px) saturate(1.2)' : undefined,
        opacity: cover ? 0.45 : 1,
      }}
    />
  );
}

import Box from '@mui/material/Box';
import { useState } from 'react';

import { hashString, platformBadge } from '@/lib/platform-badge';

export interface CoverSource {
  name: string | null;
  fs_name: string;
  fs_name_no_tags?: string;
  path_cover_small?: string;
  path_cover_large?: string;
  platform_slug: string;
  platform_display_name: string;
}

export function gameTitle(rom: Pick<CoverSource, 'name' | 'fs_name' | 'fs_name_no_tags'>): string {
  return rom.name ?? rom.fs_name_no_tags ?? rom.fs_name;
}

/**
 * The generated cover: the platform's colour, a few shapes seeded by the game's name, the title
 * (unless the caller shows it next to the cover) and the platform. Sizes follow the box through
 * container units.
 */
function CoverPlaceholder({ rom, titled }: { rom: CoverSource; titled: boolean }) {
  const title = gameTitle(rom);
  const badge = platformBadge({ slug: rom.platform_slug, name: rom.platform_display_name });
  const seed = hashString(title);
  // The platform's colour, nudged per game so a shelf of one platform is not one flat colour.
  const hue = (badge.hue + (seed % 48) - 24 + 360) % 360;
  const shapes = [0, 1, 2].map((index) => {
    const value = (seed >>> (index * 8)) & 0xff;
    return {
      size: 45 + (value % 60),
      left: ((value * 37) % 120) - 30,
      top: ((value * 53) % 90) - 20,
      lightness: 40 + (value % 25),
    };
  });
  return (
    <Box
      data-testid="cover-placeholder"
      // A picture in place of a cover: the title and platform are said beside it.
      aria-hidden
      sx={{
        position: 'absolute',
        inset: 0,
        containerType: 'inline-size',
        color: '#fff',
        overflow: 'hidden',
      }}
      // Per-game values inline: as style rules they made one new CSS class per game, and a
      // gallery scroll inserted thousands of them (each a style recalculation).
      style={{
        background: `linear-gradient(160deg, hsl(${String(hue)} 45% 32%) 0%, hsl(${String((hue + 40) % 360)} 50% 13%) 100%)`,
      }}
    >
      {shapes.map((shape, index) => (
        <Box
          key={index}
          aria-hidden
          sx={{ position: 'absolute', borderRadius: index === 1 ? '22%' : '50%' }}
          style={{
            width: `${String(shape.size)}cqw`,
            height: `${String(shape.size)}cqw`,
            left: `${String(shape.left)}%`,
            top: `${String(shape.top)}%`,
            transform: `rotate(${String(seed % 90)}deg)`,
            background: `hsl(${String((hue + index * 25) % 360)} 60% ${String(shape.lightness)}% / 0.22)`,
          }}
        />
      ))}
      <Box
        sx={{
          position: 'absolute',
          top: '6cqw',
          left: '7cqw',
          px: '3.5cqw',
          py: '1.2cqw',
          borderRadius: '2.5cqw',
          fontSize: '6.5cqw',
          fontWeight: 800,
          letterSpacing: '0.04em',
          bgcolor: 'rgba(0,0,0,0.28)',
          lineHeight: 1.3,
        }}
      >
        {badge.label}
      </Box>
      {titled ? (
        <Box
          data-testid="cover-title"
          sx={{
            position: 'absolute',
            left: '7cqw',
            right: '7cqw',
            bottom: '8cqw',
            fontSize: '11cqw',
            fontWeight: 800,
            lineHeight: 1.12,
            letterSpacing: '-0.01em',
            textShadow: '0 1px 8px rgba(0,0,0,0.45)',
            display: '-webkit-box',
            WebkitLineClamp: 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            wordBreak: 'break-word',
          }}
        >
          {title}
        </Box>
      ) : null}
    </Box>
  );
}

/** Intrinsic 2:3 sizes of the server's small and big covers, so the browser reserves the box. */
const COVER_SIZE = { small: { width: 264, height: 396 }, large: { width: 528, height: 792 } };

/** A 2:3 cover: the scraped image when there is one (and it loads), else a generated one. */
export function GameCover({
  rom,
  large = false,
  radius = 12,
  titled = true,
}: {
  rom: CoverSource;
  large?: boolean;
  radius?: number;
  /** False where the title is written next to the cover (cards): one title is enough. */
  titled?: boolean;
}) {
  const src = (large ? rom.path_cover_large : rom.path_cover_small) || rom.path_cover_small || '';
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== '' && failed !== src;
  const size = COVER_SIZE[large ? 'large' : 'small'];
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '2 / 3',
        width: '100%',
        borderRadius: `${String(radius)}px`,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {showImage ? (
        <Box
          component="img"
          src={src}
          alt=""
          width={size.width}
          height={size.height}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <CoverPlaceholder rom={rom} titled={titled} />
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import { useId } from 'react';

import { platformBadge } from '@/lib/platform-badge';
import type { BadgeSource, PlatformKind } from '@/lib/platform-badge';

/** Small white glyphs (64×64 space, bottom band) telling consoles, handhelds and computers apart. */
function KindGlyph({ kind }: { kind: PlatformKind }) {
  const common = {
    fill: 'none',
    stroke: '#fff',
    strokeWidth: 2.4,
    strokeLinecap: 'round' as const,
  };
  switch (kind) {
    case 'console':
      return (
        <g opacity={0.8}>
          <rect x={22} y={44} width={20} height={10} rx={5} {...common} />
          <path d="M27 49h4M29 47v4" {...common} strokeWidth={1.8} />
          <circle cx={36.5} cy={49} r={1.3} fill="#fff" />
        </g>
      );
    case 'portable':
      return (
        <g opacity={0.8}>
          <rect x={26} y={42} width={12} height={15} rx={2.2} {...common} />
          <path d="M29 46h6" {...common} strokeWidth={1.8} />
        </g>
      );
    case 'computer':
      return (
        <g opacity={0.8}>
          <rect x={22} y={42} width={20} height={11} rx={1.8} {...common} />
          <path d="M28 57h8M32 53v4" {...common} strokeWidth={1.8} />
        </g>
      );
    case 'arcade':
      return (
        <g opacity={0.8}>
          <circle cx={32} cy={45} r={3} fill="#fff" />
          <path d="M32 48v5M25 56h14" {...common} />
        </g>
      );
    default:
      return (
        <g opacity={0.8}>
          <circle cx={26} cy={50} r={1.8} fill="#fff" />
          <circle cx={32} cy={50} r={1.8} fill="#fff" />
          <circle cx={38} cy={50} r={1.8} fill="#fff" />
        </g>
      );
  }
}

/**
 * A generated platform badge: rounded square in the platform family's colour with its short name
 * and a category glyph. Always drawn, never blank.
 */
export function PlatformIcon({
  platform,
  size = 40,
  title,
}: {
  platform: BadgeSource;
  size?: number;
  title?: string;
}) {
  const id = useId();
  const badge = platformBadge(platform);
  const fontSize = badge.label.length >= 4 ? 15 : badge.label.length === 3 ? 18 : 22;
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      data-testid="platform-icon"
      sx={{ display: 'block', flexShrink: 0, borderRadius: `${String(size * 0.22)}px` }}
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${String(badge.hue)} 62% 54%)`} />
          <stop offset="1" stopColor={`hsl(${String((badge.hue + 28) % 360)} 66% 34%)`} />
        </linearGradient>
      </defs>
      <rect width={64} height={64} rx={14} fill={`url(#${id}-bg)`} />
      <rect
        x={1}
        y={1}
        width={62}
        height={62}
        rx={13}
        fill="none"
        stroke="#fff"
        strokeOpacity={0.18}
        strokeWidth={2}
      />
      <text
        x={32}
        y={33}
        textAnchor="middle"
        fontFamily='"Inter", "Segoe UI", Roboto, system-ui, sans-serif'
        fontWeight={800}
        fontSize={fontSize}
        letterSpacing={-0.5}
        fill="#fff"
      >
        {badge.label}
      </text>
      <KindGlyph kind={badge.kind} />
    </Box>
  );
}

import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import LayersRounded from '@mui/icons-material/LayersRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import type { SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isFlag, languageToEmoji, regionToEmoji } from '@/lib/flags';
import { statusEmoji, statusLabelKey } from '@/lib/play-status';
import { versionTags } from '@/lib/version-tags';
import type { VersionTagged } from '@/lib/version-tags';

/** The dark round backdrop of marks drawn over a cover. */
const OVER_COVER = { bgcolor: 'rgba(10,12,20,0.72)', backdropFilter: 'blur(4px)' } as const;

/** How many versions a grouped card stands for (itself and its siblings); nothing when one. */
export function VersionsBadge({ rom }: { rom: Partial<Pick<SimpleRom, 'sibling_roms'>> }) {
  const { t } = useTranslation('gallery');
  const count = (rom.sibling_roms?.length ?? 0) + 1;
  if (count < 2) return null;
  const label = t('card.versions', { count });
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-testid="rom-card-versions"
        data-count={count}
        sx={{
          // Below the card's menu button, which phones always show in the corner.
          position: 'absolute',
          top: 46,
          right: 6,
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.25,
          px: 0.75,
          height: 22,
          borderRadius: '11px',
          fontSize: 12,
          fontWeight: 700,
          color: 'common.white',
          ...OVER_COVER,
        }}
      >
        <LayersRounded sx={{ fontSize: 14 }} />
        {count}
      </Box>
    </Tooltip>
  );
}

/** A small "not identified" mark for games no metadata source matched; nothing otherwise. */
export function UnidentifiedBadge({
  rom,
  overlay = false,
  id,
}: {
  rom: Partial<Pick<SimpleRom, 'is_unidentified'>>;
  /** Drawn over the cover's bottom-left corner rather than inline. */
  overlay?: boolean;
  /** Lets the card name the mark in its description. */
  id?: string;
}) {
  const { t } = useTranslation('gallery');
  if (rom.is_unidentified !== true) return null;
  const label = t('card.unidentified');
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        id={id}
        role="img"
        aria-label={label}
        data-testid="rom-unmatched"
        sx={{
          ...(overlay ? { position: 'absolute', left: 6, bottom: 6, ...OVER_COVER } : {}),
          flexShrink: 0,
          display: 'inline-grid',
          placeItems: 'center',
          width: overlay ? 22 : 20,
          height: overlay ? 22 : 20,
          borderRadius: '50%',
          color: 'warning.light',
          bgcolor: overlay ? OVER_COVER.bgcolor : 'action.selected',
        }}
      >
        <SearchOffRounded sx={{ fontSize: 14 }} />
      </Box>
    </Tooltip>
  );
}

/** One round mark of the user's data: a status emoji or the favourite heart. */
function UserMark({
  label,
  testId,
  status,
  children,
}: {
  label: string;
  testId: string;
  status?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        data-testid={testId}
        data-status={status}
        aria-label={label}
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 22,
          height: 22,
          borderRadius: '50%',
          fontSize: 12,
          color: '#ff5c8a',
          ...OVER_COVER,
        }}
      >
        {children}
      </Box>
    </Tooltip>
  );
}

/** Status emoji and favourite heart drawn over a cover (SPEC §4). */
export function RomUserBadges({
  rom,
  overlay = false,
}: {
  rom: Partial<Pick<SimpleRom, 'rom_user'>>;
  /** Drawn over the cover's bottom-right corner (compact cards) rather than inline. */
  overlay?: boolean;
}) {
  const { t } = useTranslation('rom');
  const status = rom.rom_user?.status ?? null;
  const favourite = rom.rom_user?.is_favorite ?? false;
  if (!status && !favourite) return null;
  return (
    <Box
      sx={
        overlay
          ? { position: 'absolute', right: 6, bottom: 6, display: 'flex', gap: 0.5 }
          : { display: 'inline-flex', gap: 0.5, flexShrink: 0 }
      }
    >
      {status ? (
        <UserMark label={t(statusLabelKey(status))} testId="rom-card-status" status={status}>
          {statusEmoji(status)}
        </UserMark>
      ) : null}
      {favourite ? (
        <UserMark label={t('personal.favourite')} testId="rom-card-favourite">
          <FavoriteRounded sx={{ fontSize: 13 }} />
        </UserMark>
      ) : null}
    </Box>
  );
}

/**
 * Flags of regions or languages, at most `max`, the rest as "+n"; the tooltip lists them all
 * (as the span's description: a plain span may not carry a name). The flags give way (clipped)
 * before the "+n", which always shows.
 */
function Flags({
  values,
  toEmoji,
  testId,
  max = 3,
}: {
  values: readonly string[];
  toEmoji: (value: string) => string;
  testId: string;
  max?: number;
}) {
  if (values.length === 0) return null;
  const shown = values.slice(0, max).map((value) => {
    const flag = toEmoji(value);
    return isFlag(flag) ? flag : value;
  });
  return (
    <Tooltip title={values.join(', ')} describeChild>
      <Box
        component="span"
        data-testid={testId}
        sx={{ display: 'inline-flex', gap: 0.25, minWidth: 0, fontSize: 13, lineHeight: 1.2 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', whiteSpace: 'nowrap' }}>
          {shown.join(' ')}
        </Box>
        {values.length > max ? (
          <Box component="span" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
            {`+${String(values.length - max)}`}
          </Box>
        ) : null}
      </Box>
    </Tooltip>
  );
}

/** Region flags, at most `max`, the rest as "+n"; the tooltip lists every region. */
export function RegionFlags({ regions, max = 3 }: { regions: readonly string[]; max?: number }) {
  return <Flags values={regions} toEmoji={regionToEmoji} testId="rom-regions" max={max} />;
}

/** Language flags, at most `max`, the rest as "+n"; the tooltip lists every language. */
export function LanguageFlags({
  languages,
  max = 2,
}: {
  languages: readonly string[];
  max?: number;
}) {
  return <Flags values={languages} toEmoji={languageToEmoji} testId="rom-languages" max={max} />;
}

/**
 * The tags that tell a game from its versions of the same name (`Rev 1`, `Disc 2`, `Beta`),
 * from its file name, so they show without metadata; nothing for a plain release.
 */
export function VersionTags({ rom, size = 11 }: { rom: VersionTagged; size?: number }) {
  const tags = versionTags(rom);
  if (tags.length === 0) return null;
  return (
    <Tooltip title={tags.join(' · ')} describeChild>
      <Box
        component="span"
        data-testid="rom-version-tags"
        sx={{
          display: 'block',
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontSize: size,
          fontWeight: 600,
          lineHeight: 1.4,
          color: 'text.secondary',
        }}
      >
        {tags.join(' · ')}
      </Box>
    </Tooltip>
  );
}

import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import LayersRounded from '@mui/icons-material/LayersRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import type { SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { memo, useId } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { isFlag, languageToEmoji, regionToEmoji } from '@/lib/flags';
import { formatBytes } from '@/lib/format';
import { usePlayability } from '@/lib/playability';
import { statusEmoji, statusLabelKey } from '@/lib/play-status';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

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
> &
  Partial<
    Pick<
      SimpleRom,
      'rom_user' | 'missing_from_fs' | 'is_unidentified' | 'languages' | 'sibling_roms'
    >
  >;

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
          position: 'absolute',
          top: 6,
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
          bgcolor: 'rgba(10,12,20,0.72)',
          backdropFilter: 'blur(4px)',
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
          ...(overlay ? { position: 'absolute', left: 6, bottom: 6 } : { flexShrink: 0 }),
          display: 'inline-grid',
          placeItems: 'center',
          width: overlay ? 22 : 20,
          height: overlay ? 22 : 20,
          borderRadius: '50%',
          color: 'warning.light',
          bgcolor: overlay ? 'rgba(10,12,20,0.72)' : 'action.selected',
          backdropFilter: overlay ? 'blur(4px)' : undefined,
        }}
      >
        <SearchOffRounded sx={{ fontSize: 14 }} />
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
  /** Drawn over the cover's top-right corner (compact cards) rather than inline. */
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
        <Tooltip title={t(statusLabelKey(status))}>
          <Box
            component="span"
            data-testid="rom-card-status"
            data-status={status}
            aria-label={t(statusLabelKey(status))}
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 22,
              height: 22,
              borderRadius: '50%',
              fontSize: 12,
              bgcolor: 'rgba(10,12,20,0.72)',
              backdropFilter: 'blur(4px)',
            }}
          >
            {statusEmoji(status)}
          </Box>
        </Tooltip>
      ) : null}
      {favourite ? (
        <Tooltip title={t('personal.favourite')}>
          <Box
            component="span"
            data-testid="rom-card-favourite"
            aria-label={t('personal.favourite')}
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 22,
              height: 22,
              borderRadius: '50%',
              color: '#ff5c8a',
              bgcolor: 'rgba(10,12,20,0.72)',
              backdropFilter: 'blur(4px)',
            }}
          >
            <FavoriteRounded sx={{ fontSize: 13 }} />
          </Box>
        </Tooltip>
      ) : null}
    </Box>
  );
}

/** Flags of regions or languages, at most `max`, the rest as "+n"; the tooltip lists them all. */
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
    <Tooltip title={values.join(', ')}>
      <Box
        component="span"
        data-testid={testId}
        sx={{
          display: 'inline-flex',
          gap: 0.25,
          fontSize: 13,
          lineHeight: 1,
          whiteSpace: 'nowrap',
        }}
      >
        {shown.join(' ')}
        {values.length > max ? ` +${String(values.length - max)}` : ''}
      </Box>
    </Tooltip>
  );
}

/** Region flags, at most `max`, the rest as "+n"; the tooltip lists every region. */
export function RegionFlags({ regions, max = 3 }: { regions: readonly string[]; max?: number }) {
  return <Flags values={regions} toEmoji={regionToEmoji} testId="rom-regions" max={max} />;
}

/**
 * A game card: cover, title, region and language flags, size, status emoji and favourite, each
 * shown as the user chose (Settings → User interface). Links to the game's page; in select mode
 * (or with shift) a click selects it instead. `actions` (a menu button) sits over the cover's
 * corner, on hover unless the user keeps the action bar shown.
 */
export const RomCard = memo(function RomCard({
  rom,
  compact = false,
  selectMode = false,
  selected = false,
  onSelect,
  actions,
}: {
  rom: RomCardRom;
  compact?: boolean;
  selectMode?: boolean;
  selected?: boolean;
  onSelect?: (id: number, range: boolean) => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('play');
  const title = gameTitle(rom);
  const playability = usePlayability(rom);
  const unidentifiedId = useId();
  // What the user chose to see on cards (Settings → User interface).
  const look = useUiSettingsStore((state) => state.settings);
  const click = (event: MouseEvent) => {
    if (!onSelect || (!selectMode && !event.shiftKey)) return;
    event.preventDefault();
    onSelect(rom.id, event.shiftKey);
  };
  return (
    <Box
      sx={{
        position: 'relative',
        minWidth: 0,
        '&:hover .rom-card-actions, & .rom-card-actions:focus-within': { opacity: 1 },
      }}
      data-testid="rom-card-wrap"
    >
      <ButtonBase
        component={RouterLink}
        to={`/rom/${String(rom.id)}`}
        onClick={click}
        data-testid="rom-card"
        data-rom-id={rom.id}
        data-selected={selectMode ? String(selected) : undefined}
        // Named by what it shows (title, tags, size); by its title when titles are hidden.
        aria-label={look.showGameTitle ? undefined : title}
        aria-describedby={rom.is_unidentified === true ? unidentifiedId : undefined}
        aria-pressed={selectMode ? selected : undefined}
        focusRipple
        sx={(theme) => ({
          width: '100%',
          outline: selected ? `2px solid ${theme.palette.primary.main}` : 'none',
          outlineOffset: -1,
          bgcolor: selected ? alpha(theme.palette.primary.main, 0.14) : undefined,
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
        })}
      >
        <Box
          sx={{
            position: 'relative',
            boxShadow: '0 6px 18px rgba(0,0,0,0.28)',
            borderRadius: '12px',
          }}
        >
          {/* The title is written under the cover, so the generated cover leaves it out. */}
          <GameCover rom={rom} radius={compact ? 10 : 12} titled={false} />
          {/* Big cards carry the mark in the footer; small ones over the cover, which has no text there. */}
          {compact ? <UnidentifiedBadge rom={rom} overlay id={unidentifiedId} /> : null}
          {compact && look.showStatus ? <RomUserBadges rom={rom} overlay /> : null}
          {selectMode ? null : <VersionsBadge rom={rom} />}
          {selectMode ? (
            <Box
              data-testid="rom-card-check"
              sx={{
                position: 'absolute',
                top: 6,
                right: 6,
                display: 'grid',
                placeItems: 'center',
                borderRadius: '50%',
                bgcolor: 'rgba(10,12,20,0.6)',
                color: selected ? 'primary.light' : 'common.white',
              }}
            >
              {selected ? <CheckCircleRounded /> : <RadioButtonUncheckedRounded />}
            </Box>
          ) : null}
        </Box>
        <Box
          sx={{
            px: 0.25,
            minWidth: 0,
            display: compact && !look.showGameTitle ? 'none' : undefined,
          }}
        >
          {look.showGameTitle ? (
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
          ) : null}
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
              <Box sx={{ display: 'flex', gap: 0.75, minWidth: 0 }}>
                {look.showRegions ? <RegionFlags regions={rom.regions} /> : null}
                {look.showLanguages ? (
                  <Flags
                    values={rom.languages ?? []}
                    toEmoji={languageToEmoji}
                    testId="rom-languages"
                    max={2}
                  />
                ) : null}
              </Box>
              <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 0.75 }}>
                <UnidentifiedBadge rom={rom} id={unidentifiedId} />
                {look.showStatus ? <RomUserBadges rom={rom} /> : null}
                <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(rom.fs_size_bytes)}
                </Typography>
              </Box>
            </Box>
          )}
        </Box>
      </ButtonBase>
      {playability?.reason === null && !selectMode ? (
        // A full page load: the EmulatorJS player is served cross-origin isolated.
        <IconButton
          className="rom-card-actions"
          href={playability.href}
          aria-label={t('prelaunch.play')}
          data-testid="rom-card-play"
          size={compact ? 'small' : 'medium'}
          sx={{
            position: 'absolute',
            top: compact ? 8 : 10,
            left: compact ? 8 : 10,
            opacity: look.showActionBar ? 1 : { xs: 1, md: 0 },
            transition: 'opacity 120ms',
            bgcolor: 'success.main',
            color: 'success.contrastText',
            boxShadow: '0 4px 12px rgba(0,0,0,0.35)',
            '&:hover': { bgcolor: 'success.dark' },
          }}
        >
          <PlayArrowRounded fontSize={compact ? 'small' : 'medium'} />
        </IconButton>
      ) : null}
      {actions && !selectMode ? (
        <Box
          className="rom-card-actions"
          sx={{
            position: 'absolute',
            top: compact ? 8 : 10,
            right: compact ? 8 : 10,
            opacity: look.showActionBar ? 1 : { xs: 1, md: 0 },
            transition: 'opacity 120ms',
          }}
        >
          {actions}
        </Box>
      ) : null}
    </Box>
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

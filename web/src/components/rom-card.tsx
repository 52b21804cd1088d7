import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import type { SimpleRom, UiSettings } from '@romshelf/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { memo, useId } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { formatBytes } from '@/lib/format';
import { usePlayability } from '@/lib/playability';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

import { CombineDiscsButton } from './combine-discs-button';
import { GameCover, gameTitle } from './game-cover';
import {
  LanguageFlags,
  RegionFlags,
  RomUserBadges,
  UnidentifiedBadge,
  VersionTags,
  VersionsBadge,
} from './rom-card-badges';

// The badges are the list rows' too; importers know them as the card's.
export * from './rom-card-badges';

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
      | 'rom_user'
      | 'missing_from_fs'
      | 'is_unidentified'
      | 'languages'
      | 'sibling_roms'
      | 'revision'
      | 'tags'
      | 'fs_extension'
    >
  >;

interface CardLook {
  rom: RomCardRom;
  compact: boolean;
  look: UiSettings;
}

/** The cover with what is drawn over it: marks, the versions count, the select check. */
function CardCover({
  rom,
  compact,
  look,
  selectMode,
  selected,
  unidentifiedId,
}: CardLook & { selectMode: boolean; selected: boolean; unidentifiedId: string }) {
  return (
    <Box
      sx={{ position: 'relative', boxShadow: '0 6px 18px rgba(0,0,0,0.28)', borderRadius: '12px' }}
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
  );
}

/**
 * Under the cover: the title, the tags telling the game from its versions, and on big cards
 * a line of flags (clipped first) beside the marks and size (never clipped).
 */
function CardFooter({ rom, compact, look, unidentifiedId }: CardLook & { unidentifiedId: string }) {
  return (
    <Box sx={{ px: 0.25, minWidth: 0 }}>
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
          {gameTitle(rom)}
        </Typography>
      ) : null}
      {compact ? (
        <Box sx={{ display: 'flex', gap: 0.5, minWidth: 0, overflow: 'hidden', fontSize: 11 }}>
          {look.showRegions ? <RegionFlags regions={rom.regions} max={2} /> : null}
          <VersionTags rom={rom} size={10} />
        </Box>
      ) : null}
      {compact ? null : (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            mt: 0.5,
            color: 'text.secondary',
            minHeight: 18,
          }}
        >
          <Box
            sx={{ display: 'flex', gap: 0.75, minWidth: 0, flex: '1 1 auto', overflow: 'hidden' }}
          >
            <VersionTags rom={rom} />
            {look.showRegions ? <RegionFlags regions={rom.regions} max={2} /> : null}
            {look.showLanguages ? <LanguageFlags languages={rom.languages ?? []} max={1} /> : null}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexShrink: 0 }}>
            <UnidentifiedBadge rom={rom} id={unidentifiedId} />
            {look.showStatus ? <RomUserBadges rom={rom} /> : null}
            <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
              {formatBytes(rom.fs_size_bytes)}
            </Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The play button over the cover's corner, when the game plays in the browser. */
function CardPlayButton({ rom, compact, look }: CardLook) {
  const { t } = useTranslation('play');
  const playability = usePlayability(rom);
  if (playability?.reason !== null) return null;
  return (
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
  );
}

interface RomCardProps {
  rom: RomCardRom;
  compact?: boolean;
  selectMode?: boolean;
  selected?: boolean;
  onSelect?: (id: number, range: boolean) => void;
  actions?: ReactNode;
}

/**
 * A game card: cover, title, the tags telling it from its versions, region and language flags,
 * size, status emoji and favourite, each shown as the user chose (Settings → User interface).
 * Links to the game's page; in select mode (or with shift) a click selects it instead.
 * `actions` (a menu button) sits over the cover's corner, on hover unless the user keeps the
 * action bar shown; a loose disc offers to combine its game's discs.
 */
export const RomCard = memo(function RomCard({
  rom,
  compact = false,
  selectMode = false,
  selected = false,
  onSelect,
  actions,
}: RomCardProps) {
  const unidentifiedId = useId();
  // What the user chose to see on cards (Settings → User interface).
  const look = useUiSettingsStore((state) => state.settings);
  const click = (event: MouseEvent) => {
    if (!onSelect || (!selectMode && !event.shiftKey)) return;
    event.preventDefault();
    onSelect(rom.id, event.shiftKey);
  };
  const cardLook = { rom, compact, look };
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
        data-nav-card
        data-rom-id={rom.id}
        data-selected={selectMode ? String(selected) : undefined}
        // Named by what it shows (title, tags, size); by its title when titles are hidden.
        aria-label={look.showGameTitle ? undefined : gameTitle(rom)}
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
        <CardCover
          {...cardLook}
          selectMode={selectMode}
          selected={selected}
          unidentifiedId={unidentifiedId}
        />
        <CardFooter {...cardLook} unidentifiedId={unidentifiedId} />
      </ButtonBase>
      {selectMode ? null : <CardPlayButton {...cardLook} />}
      {selectMode ? null : <CombineDiscsButton rom={rom} compact={compact} />}
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

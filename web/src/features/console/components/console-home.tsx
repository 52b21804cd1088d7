import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Platform, SimpleRom } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { collectionKind, CollectionCover } from '@/components/collection-cover';
import { PlatformIcon } from '@/components/platform-icon';
import type { AnyCollection } from '@/shared/api/collections';
import { useCollectionsQuery, useSmartCollectionsQuery } from '@/shared/api/collections';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';
import { useContinuePlayingQuery } from '@/shared/api/recent-roms';

import { useConsoleInput } from '../console-input';
import { useConsoleSounds } from '../console-sounds';
import { firstRowFocus, isMove, moveInRows } from '../grid-nav';
import type { RowFocus } from '../grid-nav';
import { useRememberedFocus } from '../remembered-focus';
import { tv } from '../tv-units';
import { ConsoleGameCard } from './console-game-card';
import { ConsoleRow } from './console-row';
import { ConsoleTile, TileCaption } from './console-tile';

const NONE: readonly never[] = [];

/** `/console`: rows of platforms, the games to continue, and collections. */
export function ConsoleHome() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const sound = useConsoleSounds();
  const platforms = sortPlatforms(usePlatformsQuery().data ?? NONE).filter(
    (platform) => platform.rom_count > 0,
  );
  const continuing = useContinuePlayingQuery().data?.items ?? NONE;
  const collections: AnyCollection[] = [
    ...(useCollectionsQuery().data ?? NONE),
    ...(useSmartCollectionsQuery().data ?? NONE),
  ].filter((collection) => collection.rom_count > 0);
  const lengths = [platforms.length, continuing.length, collections.length];
  const [stored, setFocus] = useRememberedFocus<RowFocus | null>('home', null);
  const focus = clampFocus(stored ?? firstRowFocus(lengths), lengths);

  const open = (at: RowFocus) => {
    sound('select');
    if (at.row === 0) {
      const platform = platforms[at.column];
      if (platform) void navigate(`/console/platform/${String(platform.id)}`);
    } else if (at.row === 1) {
      const rom = continuing[at.column];
      if (rom) void navigate(`/console/rom/${String(rom.id)}`);
    } else {
      const collection = collections[at.column];
      if (collection) {
        const kind = collectionKind(collection);
        void navigate(`/console/collection/${kind}/${encodeURIComponent(String(collection.id))}`);
      }
    }
  };
  useConsoleInput((intent) => {
    if (isMove(intent)) {
      const next = moveInRows(focus, intent, lengths);
      if (next.row !== focus.row || next.column !== focus.column) sound('move');
      setFocus(next);
    } else if (intent === 'select') open(focus);
    else if (intent === 'back') {
      sound('back');
      void navigate('/');
    }
  });

  const isFocused = (row: number, column: number) => focus.row === row && focus.column === column;
  const activate = (row: number, column: number) => {
    setFocus({ row, column });
    open({ row, column });
  };
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: tv(4),
        overflow: 'hidden',
        // A row scrolled to keeps its title in view.
        scrollPaddingTop: tv(5),
      }}
    >
      <Typography component="h1" sx={{ fontSize: tv(4.4), fontWeight: 800 }}>
        {t('home.title')}
      </Typography>
      {platforms.length === 0 ? (
        <Typography sx={{ fontSize: tv(2.6), color: 'text.secondary' }}>
          {t('home.empty')}
        </Typography>
      ) : (
        <ConsoleRow title={t('home.platforms')} testId="console-platforms">
          {platforms.map((platform, column) => (
            <PlatformTile
              key={platform.id}
              platform={platform}
              focused={isFocused(0, column)}
              onActivate={() => activate(0, column)}
            />
          ))}
        </ConsoleRow>
      )}
      {continuing.length > 0 ? (
        <ConsoleRow title={t('home.continue')} testId="console-continue">
          {continuing.map((rom: SimpleRom, column) => (
            <ConsoleGameCard
              key={rom.id}
              rom={rom}
              width={tv(16)}
              focused={isFocused(1, column)}
              onActivate={() => activate(1, column)}
            />
          ))}
        </ConsoleRow>
      ) : null}
      {collections.length > 0 ? (
        <ConsoleRow title={t('home.collections')} testId="console-collections">
          {collections.map((collection, column) => (
            <ConsoleTile
              key={`${collectionKind(collection)}-${String(collection.id)}`}
              focused={isFocused(2, column)}
              onActivate={() => activate(2, column)}
              sx={{ width: tv(22), gap: tv(1) }}
            >
              <CollectionCover collection={collection} kind={collectionKind(collection)} />
              <TileCaption
                title={collection.name}
                detail={t('game-count', { count: collection.rom_count })}
              />
            </ConsoleTile>
          ))}
        </ConsoleRow>
      ) : null}
    </Box>
  );
}

function PlatformTile({
  platform,
  focused,
  onActivate,
}: {
  platform: Platform;
  focused: boolean;
  onActivate: () => void;
}) {
  const { t } = useTranslation('console');
  return (
    <ConsoleTile
      focused={focused}
      onActivate={onActivate}
      testId={`console-platform-${platform.slug}`}
      sx={{
        width: tv(26),
        p: tv(2),
        gap: tv(1.5),
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ width: tv(12), height: tv(12), '& svg': { width: '100%', height: '100%' } }}>
        <PlatformIcon platform={platform} size={128} />
      </Box>
      <TileCaption
        title={platform.display_name}
        detail={t('game-count', { count: platform.rom_count })}
      />
    </ConsoleTile>
  );
}

/** A remembered focus, kept inside what the rows hold now (they may have changed since). */
function clampFocus(focus: RowFocus, lengths: readonly number[]): RowFocus {
  if ((lengths[focus.row] ?? 0) === 0) return firstRowFocus(lengths);
  return { row: focus.row, column: Math.min(focus.column, (lengths[focus.row] ?? 1) - 1) };
}

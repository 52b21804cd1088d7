import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DetailedRom } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { GameCover, gameTitle } from '@/components/game-cover';
import { consolePlayHref } from '@/lib/console-play';
import type { ConsoleStart } from '@/lib/console-play';
import { usePageName } from '@/lib/page-name';
import { playReasonKey, usePlayability } from '@/lib/playability';
import { useRomQuery } from '@/shared/api/rom';

import { useConsoleInput } from '../console-input';
import { useConsoleSounds } from '../console-sounds';
import { firstRowFocus, isMove, moveInRows } from '../grid-nav';
import type { RowFocus } from '../grid-nav';
import { continueChoices, startOf } from '../play-choices';
import { useRememberedFocus } from '../remembered-focus';
import { tv, wantsLargeArt } from '../tv-units';
import { useConsoleBack } from '../use-console-back';
import { ConsoleGameActions } from './console-game-actions';

/** `/console/rom/{id}`: the game's artwork and story, Play, where to continue from, its versions. */
export function ConsoleGameScreen() {
  const { rom: romParam = '' } = useParams();
  const query = useRomQuery(romParam);
  const rom = query.data;
  usePageName(rom ? gameTitle(rom) : undefined);
  if (rom !== undefined) return <ConsoleGame key={rom.id} rom={rom} />;
  return query.isError ? <MissingGame /> : null;
}

/** A game that could not be loaded: its screen says so, and Back leaves it. */
function MissingGame() {
  const { t } = useTranslation('rom');
  const back = useConsoleBack('/console');
  useConsoleInput((intent) => {
    if (intent === 'back') back();
  });
  return (
    <Typography component="h1" sx={{ fontSize: tv(4.4), fontWeight: 800 }}>
      {t('rom.not-found-title')}
    </Typography>
  );
}

function ConsoleGame({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const back = useConsoleBack(`/console/platform/${String(rom.platform_id)}`);
  const sound = useConsoleSounds();
  const playability = usePlayability(rom);
  const playable = playability !== null && playability.reason === null;
  const choices = continueChoices(rom);
  const versions = rom.sibling_roms;
  const lengths = [1, playable ? choices.length : 0, versions.length];
  const [stored, setFocus] = useRememberedFocus<RowFocus | null>('game', null);
  const focus = stored ?? firstRowFocus(lengths);

  const play = (start: ConsoleStart | null) => {
    if (!playable) return;
    sound('select');
    window.location.assign(consolePlayHref(playability.href, start));
  };
  const activate = (at: RowFocus) => {
    if (at.row === 0) play(null);
    else if (at.row === 1) {
      const choice = choices[at.column];
      if (choice) play(startOf(choice));
    } else {
      const version = versions[at.column];
      if (version === undefined) return;
      sound('select');
      // Another version replaces this screen: Back still returns to the list.
      void navigate(`/console/rom/${String(version.id)}`, { replace: true });
    }
  };
  useConsoleInput((intent) => {
    if (isMove(intent)) {
      sound('move');
      setFocus(moveInRows(focus, intent, lengths));
    } else if (intent === 'select') activate(focus);
    else if (intent === 'back') {
      sound('back');
      back();
    } else {
      // Start (the menu button): console mode's home.
      void navigate('/console');
    }
  });
  const backdrop = rom.merged_screenshots[0] ?? rom.path_cover_large;

  return (
    <Box sx={{ flex: 1, minHeight: 0, position: 'relative', display: 'flex', gap: tv(5) }}>
      {backdrop ? (
        <Box
          aria-hidden
          sx={{
            position: 'fixed',
            inset: 0,
            // Behind everything of the console frame, above its background.
            zIndex: -1,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            opacity: 0.16,
            filter: 'blur(6px)',
          }}
          style={{ backgroundImage: `url("${backdrop}")` }}
        />
      ) : null}
      <Box sx={{ width: tv(40), flexShrink: 0 }}>
        <GameCover rom={rom} large={wantsLargeArt()} radius={16} />
      </Box>
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          gap: tv(2),
        }}
      >
        <Typography component="h1" sx={{ fontSize: tv(5), fontWeight: 800, lineHeight: 1.1 }}>
          {gameTitle(rom)}
        </Typography>
        <Typography sx={{ fontSize: tv(2.4), color: 'text.secondary' }}>
          {[rom.platform_display_name, ...rom.metadatum.genres.slice(0, 3)].join(' · ')}
        </Typography>
        {rom.summary ? (
          <Typography
            data-testid="console-summary"
            sx={{
              fontSize: tv(2.3),
              maxWidth: '60em',
              display: '-webkit-box',
              WebkitLineClamp: 5,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {rom.summary}
          </Typography>
        ) : null}
        {playability !== null && playability.reason !== null ? (
          <Typography
            sx={{ fontSize: tv(2.4), color: 'warning.main' }}
            data-testid="console-not-playable"
          >
            {t(playReasonKey(playability.reason))}
          </Typography>
        ) : null}
        <ConsoleGameActions
          playable={playable}
          choices={playable ? choices : []}
          versions={versions}
          focus={focus}
          onActivate={(at) => {
            setFocus(at);
            activate(at);
          }}
        />
      </Box>
    </Box>
  );
}

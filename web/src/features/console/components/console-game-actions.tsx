import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SiblingRom } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format';

import type { RowFocus } from '../grid-nav';
import type { ContinueChoice } from '../play-choices';
import { tv } from '../tv-units';
import { ConsoleRow } from './console-row';
import { ConsoleTile, TileCaption } from './console-tile';

/** The game screen's rows: Play, where to continue from, and the game's other versions. */
export function ConsoleGameActions({
  playable,
  choices,
  versions,
  focus,
  onActivate,
}: {
  playable: boolean;
  choices: readonly ContinueChoice[];
  versions: readonly SiblingRom[];
  focus: RowFocus;
  onActivate: (at: RowFocus) => void;
}) {
  const { t } = useTranslation('console');
  const isFocused = (row: number, column: number) => focus.row === row && focus.column === column;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: tv(3), mt: tv(1) }}>
      <Box sx={{ display: 'flex' }}>
        <ConsoleTile
          focused={isFocused(0, 0)}
          onActivate={() => onActivate({ row: 0, column: 0 })}
          testId="console-play"
          sx={{
            flexDirection: 'row',
            alignItems: 'center',
            gap: tv(1),
            px: tv(4),
            py: tv(1.6),
            borderRadius: 99,
            bgcolor: playable ? 'primary.main' : 'action.disabledBackground',
            color: playable ? 'primary.contrastText' : 'text.secondary',
            fontSize: tv(3),
            fontWeight: 800,
          }}
        >
          <PlayArrowRounded sx={{ fontSize: tv(4) }} />
          {t('game.play')}
        </ConsoleTile>
      </Box>
      {choices.length > 0 ? (
        <ConsoleRow title={t('game.continue')} testId="console-continue-from">
          {choices.map((choice, column) => (
            <ConsoleTile
              key={choice.type === 'fresh' ? 'fresh' : `${choice.type}-${String(choice.id)}`}
              focused={isFocused(1, column)}
              onActivate={() => onActivate({ row: 1, column })}
              testId={`console-start-${choice.type}`}
              sx={{ width: tv(24), gap: tv(0.8), p: tv(1), bgcolor: 'background.paper' }}
            >
              <Box
                aria-hidden
                sx={{
                  aspectRatio: '4 / 3',
                  borderRadius: tv(0.8),
                  bgcolor: 'action.hover',
                  backgroundSize: 'cover',
                  backgroundPosition: 'center',
                }}
                style={
                  choice.type !== 'fresh' && choice.screenshot !== null
                    ? { backgroundImage: `url("${choice.screenshot}")` }
                    : undefined
                }
              />
              <TileCaption
                title={t(`game.start-${choice.type}`)}
                detail={choice.type === 'fresh' ? undefined : formatDateTime(choice.updatedAt)}
              />
            </ConsoleTile>
          ))}
        </ConsoleRow>
      ) : null}
      {versions.length > 0 ? (
        <ConsoleRow title={t('game.versions')} testId="console-versions">
          {versions.map((version, column) => (
            <ConsoleTile
              key={version.id}
              focused={isFocused(2, column)}
              onActivate={() => onActivate({ row: 2, column })}
              sx={{ px: tv(2.4), py: tv(1.4), bgcolor: 'background.paper', maxWidth: tv(50) }}
            >
              <Typography component="span" sx={{ fontSize: tv(2.2), fontWeight: 600 }} noWrap>
                {version.fs_name_no_ext}
              </Typography>
            </ConsoleTile>
          ))}
        </ConsoleRow>
      ) : null}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { activeJumpLabel, jumpEntries, jumpLabel } from '@/lib/jump-bar';
import type { JumpEntry } from '@/lib/jump-bar';
import { usePageName } from '@/lib/page-name';

import { useConsoleInput } from '../console-input';
import { useConsoleSounds } from '../console-sounds';
import { isMove, moveInGrid, windowTop } from '../grid-nav';
import { useRememberedFocus } from '../remembered-focus';
import { tv } from '../tv-units';
import { useConsoleBack } from '../use-console-back';
import { useConsolePages } from '../use-console-pages';
import type { ConsoleScope } from '../use-console-pages';
import { useGridLayout } from '../use-grid-layout';
import { ConsoleGrid } from './console-grid';
import { ConsoleLetterRail } from './console-letter-rail';

/** Where focus is on a games screen: a card (and the first row shown), or a letter. */
interface GamesFocus {
  index: number;
  top: number;
  letter: string | null;
}

/** A platform's or a collection's games in console mode: big covers, windowed, A–Z jumps. */
export function ConsoleGames({ title, scope }: { title: string | undefined; scope: ConsoleScope }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const back = useConsoleBack('/console');
  const sound = useConsoleSounds();
  usePageName(title);
  const { setFrame, ready, ...layout } = useGridLayout();
  const { columns, visibleRows } = layout;
  const [focus, setFocus] = useRememberedFocus<GamesFocus>('games', {
    index: 0,
    top: 0,
    letter: null,
  });
  const range = {
    first: Math.max(0, focus.top - 1) * columns,
    last: (focus.top + visibleRows + 1) * columns + columns - 1,
  };
  const list = useConsolePages(scope, range);
  const total = list.total ?? 0;
  const entries = jumpEntries(list.charIndex);
  const index = Math.min(focus.index, Math.max(0, total - 1));
  const top = windowTop(focus.top, Math.floor(index / columns), visibleRows);

  const focusCard = (next: number) => {
    const clamped = Math.min(Math.max(0, next), Math.max(0, total - 1));
    setFocus({
      index: clamped,
      top: windowTop(top, Math.floor(clamped / columns), visibleRows),
      letter: null,
    });
  };
  const jump = (entry: JumpEntry) => {
    if (entry.offset === null) return;
    sound('select');
    // The letter's first game leads the screen.
    const row = Math.floor(entry.offset / columns);
    setFocus({ index: entry.offset, top: row, letter: null });
  };
  const open = (at: number) => {
    const rom = list.romAt(at);
    if (rom === undefined) return;
    sound('select');
    void navigate(`/console/rom/${String(rom.id)}`);
  };
  const onRail = (
    intent: 'up' | 'down' | 'pageUp' | 'pageDown' | 'left' | 'right',
    letter: string,
  ) => {
    const usable = entries.filter((entry) => entry.offset !== null);
    const at = usable.findIndex((entry) => entry.label === letter);
    if (intent === 'left') return focusCard(index);
    const step = intent === 'up' || intent === 'pageUp' ? -1 : intent === 'right' ? 0 : 1;
    const next = usable[Math.min(usable.length - 1, Math.max(0, at + step))];
    if (next) setFocus({ ...focus, index, top, letter: next.label });
  };

  useConsoleInput(
    (intent) => {
      if (isMove(intent)) {
        sound('move');
        if (focus.letter !== null) return onRail(intent, focus.letter);
        const lastColumn = index % columns === columns - 1 || index === total - 1;
        if (intent === 'right' && lastColumn) {
          const letter = activeJumpLabel(entries, index);
          return setFocus({
            index,
            top,
            letter: letter ?? entries.find((e) => e.offset !== null)?.label ?? null,
          });
        }
        return focusCard(moveInGrid(index, intent, { columns, total, pageRows: visibleRows }));
      }
      if (intent === 'select') {
        if (focus.letter !== null) {
          const entry = entries.find((item) => item.label === focus.letter);
          if (entry) jump(entry);
        } else open(index);
      } else if (intent === 'back') {
        sound('back');
        back();
      } else {
        // Start (the menu button): console mode's home.
        void navigate('/console');
      }
    },
    (letter) => {
      const entry = entries.find((item) => item.label === jumpLabel(letter));
      if (entry) jump(entry);
    },
  );

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: tv(2) }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: tv(2), flexShrink: 0 }}>
        <Typography component="h1" sx={{ fontSize: tv(4.4), fontWeight: 800 }} noWrap>
          {title ?? ''}
        </Typography>
        <Typography sx={{ fontSize: tv(2.4), color: 'text.secondary' }} data-testid="console-count">
          {list.total === null ? '' : t('position', { current: index + 1, total })}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: tv(2) }}>
        <Box
          // Room for the focused card's ring and lift.
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            overflow: 'hidden',
            p: tv(1.6),
            m: tv(-1.6),
          }}
        >
          <Box ref={setFrame} sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
            {ready && total > 0 ? (
              <ConsoleGrid
                layout={layout}
                total={total}
                top={top}
                focused={focus.letter === null ? index : null}
                romAt={list.romAt}
                onActivate={(at) => {
                  focusCard(at);
                  open(at);
                }}
              />
            ) : null}
            {list.total === 0 ? (
              <Typography sx={{ fontSize: tv(2.6), color: 'text.secondary' }}>
                {t('list.empty')}
              </Typography>
            ) : null}
          </Box>
        </Box>
        {total > 0 ? (
          <ConsoleLetterRail
            entries={entries}
            active={activeJumpLabel(entries, index)}
            focused={focus.letter}
            onJump={jump}
          />
        ) : null}
      </Box>
    </Box>
  );
}

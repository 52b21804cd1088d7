import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';

import type { JumpEntry } from '@/lib/jump-bar';

import { tv } from '../tv-units';

/** The A–Z rail beside a console grid: the current letter lit, the focused one ringed. */
export function ConsoleLetterRail({
  entries,
  active,
  focused,
  onJump,
}: {
  entries: readonly JumpEntry[];
  active: string | null;
  /** The letter focused on the rail, when focus is on it. */
  focused: string | null;
  onJump: (entry: JumpEntry) => void;
}) {
  const { t } = useTranslation('console');
  return (
    <Box
      component="nav"
      aria-label={t('list.letters')}
      data-testid="console-letters"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        flexShrink: 0,
        py: tv(0.5),
        width: tv(4.4),
      }}
    >
      {entries.map((entry) => {
        const isFocused = focused === entry.label;
        return (
          <ButtonBase
            key={entry.label}
            disabled={entry.offset === null}
            tabIndex={isFocused ? 0 : -1}
            aria-current={active === entry.label ? 'true' : undefined}
            data-testid={`console-letter-${entry.label}`}
            data-focused={isFocused ? 'true' : undefined}
            ref={(element: HTMLButtonElement | null) => {
              if (isFocused) element?.focus({ preventScroll: true });
            }}
            onClick={() => onJump(entry)}
            sx={{
              fontSize: tv(1.9),
              lineHeight: 1,
              fontWeight: 700,
              borderRadius: 99,
              py: tv(0.25),
              color: entry.offset === null ? 'text.disabled' : 'text.secondary',
              '&[aria-current="true"]': { color: 'primary.contrastText', bgcolor: 'primary.main' },
              '&[data-focused="true"]': {
                outline: (theme) => `${tv(0.4)} solid ${theme.palette.primary.main}`,
                outlineOffset: tv(0.2),
                color: 'text.primary',
              },
            }}
          >
            {entry.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

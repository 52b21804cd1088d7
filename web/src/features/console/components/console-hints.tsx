import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

import { tv } from '../tv-units';

/** The controls, as a TV shows them: the key and the pad button for each action. */
const HINTS = [
  { keys: '← ↑ → ↓', pad: '✚', action: 'hint.move' },
  { keys: 'Enter', pad: 'A', action: 'hint.select' },
  { keys: 'Esc', pad: 'B', action: 'hint.back' },
  { keys: 'PgUp PgDn', pad: 'L1 R1', action: 'hint.page' },
] as const;

export function ConsoleHints() {
  const { t } = useTranslation('console');
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        gap: tv(3),
        flexShrink: 0,
        fontSize: tv(2),
        color: 'text.secondary',
      }}
    >
      {HINTS.map((hint) => (
        <Box key={hint.action} sx={{ display: 'flex', alignItems: 'center', gap: tv(0.8) }}>
          <Key>{hint.keys}</Key>
          <Key round>{hint.pad}</Key>
          <span>{t(hint.action)}</span>
        </Box>
      ))}
    </Box>
  );
}

function Key({ round = false, children }: { round?: boolean; children: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        fontFamily: 'inherit',
        fontWeight: 700,
        fontSize: tv(1.7),
        lineHeight: 1,
        px: tv(0.9),
        py: tv(0.5),
        minWidth: tv(3),
        textAlign: 'center',
        borderRadius: round ? 99 : tv(0.6),
        border: 1,
        borderColor: 'divider',
        color: 'text.primary',
        bgcolor: 'action.hover',
      }}
    >
      {children}
    </Box>
  );
}

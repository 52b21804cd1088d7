import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { tv } from '../tv-units';

/** One row of the console home: a title over a strip of tiles that scrolls to the focused one. */
export function ConsoleRow({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ flexShrink: 0 }}>
      <Typography
        component="h2"
        sx={{ fontSize: tv(3), fontWeight: 700, mb: tv(1.2), color: 'text.primary' }}
      >
        {title}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          gap: tv(2.2),
          overflow: 'hidden',
          // Room for the focused tile's ring and lift, kept when a tile scrolls into view.
          p: tv(1.6),
          m: tv(-1.6),
          scrollPadding: tv(1.6),
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

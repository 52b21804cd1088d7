import Box from '@mui/material/Box';
import type { ReactNode, Ref } from 'react';

/** The 4:3 area the game is drawn in, hidden until it starts. */
export function PlayerStage({
  shown,
  background,
  ref,
  testId,
  children,
}: {
  shown: boolean;
  /** A colour or a theme palette path (`common.black`). */
  background: string;
  ref?: Ref<HTMLDivElement>;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Box
      ref={ref}
      data-testid={testId}
      sx={{
        display: shown ? 'block' : 'none',
        width: '100%',
        maxWidth: 1100,
        mx: 'auto',
        aspectRatio: '4 / 3',
        maxHeight: 'calc(100dvh - 240px)',
        bgcolor: background,
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {children}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One card of the details page: a heading, an optional aside (counts, actions) and content. */
export function Section({
  title,
  aside,
  testId,
  children,
}: {
  title: string;
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      data-testid={testId}
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderRadius: '16px',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minWidth: 0,
      }}
    >
      <Stack
        direction="row"
        sx={{
          mb: 1.5,
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {aside}
      </Stack>
      {children}
    </Box>
  );
}

/** A labelled value in a facts grid. */
export function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        variant="overline"
        color="text.secondary"
        sx={{ lineHeight: 1.6, display: 'block' }}
      >
        {label}
      </Typography>
      <Box data-testid={testId} sx={{ typography: 'body2', wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Box>
  );
}

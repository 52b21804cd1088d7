import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** An honest "nothing here yet" panel with an optional way forward. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  testId = 'empty-state',
  heading = 'h2',
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
  /** `h1` when the panel is the whole page (a collection that does not exist). */
  heading?: 'h1' | 'h2';
}) {
  return (
    <Card
      data-testid={testId}
      sx={{
        px: { xs: 3, sm: 6 },
        py: { xs: 5, sm: 8 },
        textAlign: 'center',
        background: (theme) =>
          `radial-gradient(120% 120% at 50% 0%, ${theme.palette.action.hover} 0%, transparent 60%)`,
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 520, mx: 'auto' }}>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            color: 'primary.main',
            '& svg': { fontSize: 36 },
          }}
        >
          {icon}
        </Box>
        <Typography variant="h6" component={heading}>
          {title}
        </Typography>
        {text ? (
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        ) : null}
        {action ? <Box sx={{ pt: 1 }}>{action}</Box> : null}
      </Stack>
    </Card>
  );
}

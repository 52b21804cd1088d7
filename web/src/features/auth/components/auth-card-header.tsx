import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The heading of an authentication card. */
export function AuthCardHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack spacing={0.75} sx={{ mb: 3 }}>
      <Typography variant="h5" component="h1" data-testid="page-heading">
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      ) : null}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { PatchOutcome, PatchProgress } from '../api/patch-rom';

/** The running request's progress bar, then what came of it. */
export function PatchStatus({
  pending,
  progress,
  outcome,
  error,
  onLeave,
}: {
  /** Closes the dialog when the person follows the link to the new game. */
  onLeave: () => void;
  pending: boolean;
  progress: PatchProgress | null;
  outcome: PatchOutcome | undefined;
  error: string | null;
}) {
  const { t } = useTranslation('rom');
  if (pending) {
    const percent = progress?.fraction == null ? null : Math.round(progress.fraction * 100);
    const label =
      progress?.phase === 'download'
        ? t('patch.receiving')
        : progress?.fraction === 1 || progress === null
          ? t('patch.applying')
          : t('patch.sending');
    return (
      <Box data-testid="patch-progress">
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {percent === null ? label : `${label} ${String(percent)}%`}
        </Typography>
        <LinearProgress
          variant={percent === null ? 'indeterminate' : 'determinate'}
          value={percent ?? 0}
          aria-label={label}
        />
      </Box>
    );
  }
  if (error !== null) {
    return (
      <Alert severity="error" data-testid="patch-error">
        {error}
      </Alert>
    );
  }
  if (outcome?.kind === 'saved') {
    return (
      <Alert severity={outcome.saved.validated ? 'success' : 'warning'} data-testid="patch-saved">
        {t('patch.saved', { name: outcome.saved.output_file_name })}{' '}
        {outcome.saved.validated ? '' : `${t('patch.not-verified')} `}
        <Link
          component={RouterLink}
          to={`/rom/${String(outcome.saved.rom_id)}`}
          data-testid="patch-open-game"
          onClick={onLeave}
        >
          {t('patch.open-game')}
        </Link>
      </Alert>
    );
  }
  if (outcome?.kind === 'downloaded') {
    return (
      <Alert severity={outcome.validated ? 'success' : 'warning'} data-testid="patch-downloaded">
        {t('patch.downloaded', { name: outcome.fileName })}{' '}
        {outcome.validated ? t('patch.verified') : t('patch.not-verified')}
      </Alert>
    );
  }
  return null;
}

import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import FilterListOffRounded from '@mui/icons-material/FilterListOffRounded';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { errorMessage } from '@/lib/api-client';

/** No games to show: the list could not be loaded (`error`), or the filters leave none. */
export function GalleryProblem({
  error,
  onRetry,
  onClearFilters,
}: {
  error: unknown;
  onRetry: () => void;
  onClearFilters: () => void;
}) {
  const { t } = useTranslation('gallery');
  if (error) {
    return (
      <EmptyState
        testId="gallery-error"
        icon={<ErrorOutlineRounded />}
        title={t('gallery.error-title')}
        text={errorMessage(error)}
        action={
          <Button variant="outlined" onClick={onRetry}>
            {t('gallery.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      testId="gallery-filtered-empty"
      icon={<FilterListOffRounded />}
      title={t('filters.empty-title')}
      text={t('filters.empty-text')}
      action={
        <Button variant="contained" onClick={onClearFilters} data-testid="filter-empty-clear">
          {t('filters.clear')}
        </Button>
      }
    />
  );
}

/** The line under the last game. */
export function GalleryEnd() {
  const { t } = useTranslation('gallery');
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      sx={{ textAlign: 'center', py: 3 }}
      data-testid="gallery-end"
    >
      {t('gallery.end')}
    </Typography>
  );
}

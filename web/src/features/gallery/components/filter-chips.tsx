import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { activeFilters, withoutFilter } from '../gallery-filters';
import type { GalleryFiltering } from '../use-gallery-filters';
import { useFilterLabels } from '../use-filter-labels';
import type { SmartScope } from '../smart-criteria';

/* Its dialog and form load with the first filtered gallery, not with every gallery. */
const SaveSmartCollection = lazy(async () => ({
  default: (await import('./save-smart-collection')).SaveSmartCollection,
}));

/**
 * The active filters above the gallery: one click removes one, "clear all" removes them all;
 * with `smartScope`, they can be saved as a smart collection.
 */
export function FilterChips({
  filtering,
  smartScope,
}: {
  filtering: GalleryFiltering;
  smartScope?: SmartScope;
}) {
  const { t } = useTranslation('gallery');
  const active = activeFilters(filtering.filters);
  const labels = useFilterLabels(active.some((filter) => filter.name === 'platform_ids'));
  if (active.length === 0) return null;
  return (
    <Stack
      direction="row"
      useFlexGap
      data-testid="filter-chips"
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
    >
      {active.map((filter) => {
        const label = labels.chip(filter);
        const remove = () =>
          filtering.setFilters(withoutFilter(filtering.filters, filter), { push: true });
        return (
          <Chip
            key={`${filter.name}=${String(filter.value)}`}
            label={label}
            color={filter.kind === 'list' && filter.logic === 'none' ? 'default' : 'primary'}
            variant="outlined"
            onClick={remove}
            onDelete={remove}
            aria-label={t('filters.remove', { filter: label })}
            data-testid="filter-chip"
            data-filter={filter.name}
            data-value={String(filter.value)}
            sx={{ maxWidth: '100%' }}
          />
        );
      })}
      <Button size="small" onClick={filtering.clear} data-testid="filter-clear-all">
        {t('filters.clear-all')}
      </Button>
      {smartScope ? (
        <Suspense fallback={null}>
          <SaveSmartCollection filters={filtering.filters} scope={smartScope} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

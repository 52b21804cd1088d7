import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import { useFilterValues } from '../api/filter-values';
import type { FilterScope } from '../api/filter-values';
import {
  activeFilters,
  FACET_FILTERS,
  FIXED_FILTERS,
  isFixedFilter,
  NO_FILTERS,
  setFlag,
  setListValues,
  setLogic,
} from '../gallery-filters';
import type { GalleryFilters, ListFilter } from '../gallery-filters';
import type { GalleryFiltering } from '../use-gallery-filters';
import { useFilterLabels } from '../use-filter-labels';

import { FilterFlags } from './filter-flags';
import { FilterListField } from './filter-list-field';
import { SaveSmartCollection } from './save-smart-collection';

interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  filtering: GalleryFiltering;
  scope: FilterScope;
  /** Search galleries narrow by platform too; a platform's gallery is one already. */
  showPlatforms: boolean;
  /** The games the filters leave (null while loading). */
  total: number | null;
  /** Offers to save the filters as a smart collection (galleries of a platform or a search). */
  canSaveSmart?: boolean;
}

/** While the scope's filter values load, or why they did not. */
function FilterValuesStatus({ loading, error }: { loading: boolean; error: string | null }) {
  const { t } = useTranslation('gallery');
  return (
    <>
      {loading ? (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center' }}
          data-testid="filter-values-loading"
        >
          <CircularProgress size={18} aria-label={t('filters.loading')} />
          <Typography variant="body2" color="text.secondary">
            {t('filters.loading')}
          </Typography>
        </Stack>
      ) : null}
      {error !== null ? (
        <Typography variant="body2" color="error" data-testid="filter-values-error">
          {t('filters.values-failed', { error })}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * Every gallery filter (SPEC §3) with the values the server lists for the scope: yes/no flags,
 * then searchable multi-selects with any/all/none. Every change applies at once; the first one
 * after opening is a new history entry, the next ones update it, so Back undoes a visit to the
 * drawer. On phones it covers the screen.
 */
export function FilterDrawer({
  open,
  onClose,
  filtering,
  scope,
  showPlatforms,
  total,
  canSaveSmart = false,
}: FilterDrawerProps) {
  const { t } = useTranslation('gallery');
  const labels = useFilterLabels(open && showPlatforms);
  const values = useFilterValues(scope, open);
  const changed = useRef(false);
  useEffect(() => {
    if (open) changed.current = false;
  }, [open]);
  const { filters } = filtering;
  // The URL follows a change a moment later; changes made before it does build on the last one.
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);
  const update = (change: (current: GalleryFilters) => GalleryFilters) => {
    const next = change(latest.current);
    latest.current = next;
    filtering.setFilters(next, { push: !changed.current });
    changed.current = true;
  };
  /** The picked values of `name` after a pick or removal made on the values shown. */
  const pickValues = (name: ListFilter, shown: readonly string[], picked: readonly string[]) =>
    update((current) => {
      const kept = (current.lists[name] ?? []).filter(
        (value) => picked.includes(value) || !shown.includes(value),
      );
      const added = picked.filter((value) => !kept.includes(value));
      return setListValues(current, name, [...kept, ...added]);
    });

  const facetOptions = (name: ListFilter): readonly string[] => {
    if (name === 'platform_ids') return (values.data?.values.platforms ?? []).map(String);
    if (isFixedFilter(name)) return FIXED_FILTERS[name];
    return values.data?.values[name] ?? [];
  };
  const countsOf = (name: ListFilter): Readonly<Record<string, number>> | undefined => {
    if (name === 'platform_ids') return values.data?.counts.platforms;
    if (isFixedFilter(name)) return undefined;
    return values.data?.counts[name];
  };
  const field = (name: ListFilter) => {
    const options = facetOptions(name);
    const selected = filters.lists[name] ?? [];
    if (options.length === 0 && selected.length === 0) return null;
    const logic = name === 'platform_ids' ? undefined : (filters.logic[name] ?? 'any');
    return (
      <FilterListField
        key={name}
        name={name}
        label={labels.list(name)}
        options={options}
        counts={countsOf(name)}
        selected={selected}
        valueLabel={(value) => labels.value(name, value)}
        // Event handlers: the ref is read when a value is picked, not while rendering.
        // eslint-disable-next-line react-hooks/refs
        onChange={(next) => pickValues(name, selected, next)}
        logic={logic}
        onLogic={
          name === 'platform_ids'
            ? undefined
            : // eslint-disable-next-line react-hooks/refs
              (word) => update((current) => setLogic(current, name, word))
        }
      />
    );
  };
  const facets = FACET_FILTERS.map(field).filter((node) => node !== null);
  const activeCount = activeFilters(filters).length;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the app bar, like the other drawers: on a phone the sheet's header would be under it.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          'data-testid': 'filter-drawer',
          'aria-labelledby': 'filter-drawer-title',
          sx: { width: { xs: '100%', sm: 400 }, maxWidth: '100%' },
        } as object,
      }}
    >
      <Stack sx={{ height: '100%' }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5 }}
        >
          <Typography variant="h6" component="h2" id="filter-drawer-title">
            {activeCount > 0
              ? t('filters.title-count', { number: activeCount })
              : t('filters.title')}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('filters.close')} data-testid="filter-close">
            <CloseRounded />
          </IconButton>
        </Stack>
        <Divider />
        <Stack spacing={3} sx={{ flex: 1, overflowY: 'auto', px: 2.5, py: 2.5 }}>
          {showPlatforms ? field('platform_ids') : null}
          <FilterValuesStatus
            loading={values.isPending && open}
            error={values.isError ? errorMessage(values.error) : null}
          />
          {facets}
          {values.isSuccess && facets.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="filter-no-metadata">
              {t('filters.no-metadata')}
            </Typography>
          ) : null}
          {field('statuses')}
          {field('metadata_providers')}
          {field('dat_statuses')}
          <FilterFlags
            flags={filters.flags}
            labels={labels}
            onChange={(name, value) => update((current) => setFlag(current, name, value))}
          />
        </Stack>
        {canSaveSmart ? (
          <Box sx={{ px: 2.5, pb: 1.5 }}>
            <SaveSmartCollection filters={filters} scope={scope} variant="outlined" fullWidth />
          </Box>
        ) : null}
        <Divider />
        <Box sx={{ display: 'flex', gap: 1.5, px: 2.5, py: 1.5, justifyContent: 'space-between' }}>
          <Button
            onClick={() => update(() => NO_FILTERS)}
            disabled={activeCount === 0}
            data-testid="filter-reset"
          >
            {t('filters.clear')}
          </Button>
          <Button variant="contained" onClick={onClose} data-testid="filter-show">
            {total === null ? t('filters.show') : t('filters.show-count', { number: total })}
          </Button>
        </Box>
      </Stack>
    </Drawer>
  );
}

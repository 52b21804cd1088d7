import { PAGE_SIZE } from '@romshelf/contract';
import type { RomOrderBy } from '@romshelf/contract';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { activeFilters, filtersQuery } from '../gallery-filters';
import { activeJumpLabel, jumpEntries } from '@/lib/jump-bar';
import type { JumpEntry } from '@/lib/jump-bar';
import { useGalleryStore } from '../stores/gallery-store';
import type { OrderDir } from '../stores/gallery-store';
import { useGalleryView } from '../stores/gallery-view-store';
import type { GalleryFiltering } from '../use-gallery-filters';
import { placeCollectionScope, placeKey, useGalleryPages } from '../use-gallery-pages';
import type { GalleryPlace } from '../use-gallery-pages';
import { useGalleryWindow } from '../use-gallery-window';
import { useGallerySelect } from '../use-gallery-select';
import { useReturnToPlace } from '../use-return-to-place';

import { FilterChips } from './filter-chips';
import { GalleryEnd, GalleryProblem } from './gallery-problem';
import { BackToStart, GalleryToolbar } from './gallery-toolbar';
import { GalleryGrid } from './gallery-grid';
import { GalleryTable } from './gallery-table';
import { JumpBarNav } from './jump-bar-nav';

/*
 * The filter drawer and the select mode's actions load on first use: a gallery shows without
 * their fields, menus and dialogs.
 */
const FilterDrawer = lazy(async () => ({
  default: (await import('./filter-drawer')).FilterDrawer,
}));
const BulkActionsBar = lazy(async () => ({
  default: (await import('./bulk-actions-bar')).BulkActionsBar,
}));

/** Calls `onMount` once committed: beside a lazy component, once that one has loaded and shown. */
function Mounted({ onMount }: { onMount: () => void }) {
  const run = useRef(onMount);
  useEffect(() => run.current(), []);
  return null;
}

/** Sorts whose character index lines up with the list (the server indexes string columns). */
const JUMPABLE: readonly RomOrderBy[] = ['name', 'fs_name'];

interface GalleryProps {
  place: GalleryPlace;
  /** The platform whose page this is (for the platform info drawer). */
  platformId?: number | null;
  showPlatform?: boolean;
  /** Known number of games (e.g. the platform's rom_count), to size the first skeletons. */
  expectedCount?: number;
  /** The filters of this context (in the URL). */
  filtering: GalleryFiltering;
  /** Shown when the context itself has no games (not when the filters leave none). */
  empty: ReactNode;
}

/**
 * The gallery shared by the platform, collection and search pages: pages of the query cache (SPEC §4),
 * three view modes, infinite scroll, the A–Z jump bar and skeletons, the filter drawer and its
 * chips, and a random game of what it shows. Each context and filter set gets its own instance,
 * so a new search or filter starts from a clean slate (the sort stays per context).
 */
export function Gallery(props: GalleryProps) {
  // The drawer stays open (and in place) while each change of filters draws a new list.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersUsed, setFiltersUsed] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  const { place, filtering } = props;
  return (
    <>
      <GalleryContent
        key={placeKey(place) + filtering.key}
        {...props}
        // The drawer's first opening loads it and mounts it closed, then opens it, so it slides in.
        onOpenFilters={() => (filtersUsed ? setFiltersOpen(true) : setFiltersUsed(true))}
        onTotal={setTotal}
      />
      {filtersUsed ? (
        <Suspense fallback={null}>
          <FilterDrawer
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            filtering={filtering}
            scope={{
              platformId: place.platformId ?? null,
              searchTerm: place.searchTerm ?? '',
              collectionScope: placeCollectionScope(place),
            }}
            showPlatforms={props.showPlatform ?? false}
            total={total}
            // A collection's gallery is no place to save from: the criteria would drop the collection.
            canSaveSmart={!place.collection}
          />
          <Mounted onMount={() => setFiltersOpen(true)} />
        </Suspense>
      ) : null}
    </>
  );
}

function GalleryContent({
  place,
  platformId = null,
  showPlatform = false,
  expectedCount,
  filtering,
  empty,
  onOpenFilters,
  onTotal,
}: GalleryProps & { onOpenFilters: () => void; onTotal: (total: number | null) => void }) {
  const { t } = useTranslation('gallery');
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const view = useGalleryView();
  const filterQuery = useMemo(() => filtersQuery(filtering.filters), [filtering.filters]);
  const data = useGalleryPages(place, filterQuery);
  const { pages, total, charIndex, loading, error, showRange } = data;
  const { orderBy, orderDir } = data.view;
  const selectMode = useGalleryStore((state) => state.selectMode);
  const selectedIds = useGalleryStore((state) => state.selectedIds);
  useEffect(() => onTotal(total), [onTotal, total]);
  const activeFilterCount = activeFilters(filtering.filters).length;
  useReturnToPlace(platformId, placeKey(place) + filtering.key);

  // Before the first answer the list is sized from what the caller knows (a platform's count).
  const size = total ?? (error ? 0 : Math.max(1, Math.min(expectedCount ?? 24, 100_000)));
  const { setFrame, setStart, rows, columns, rowHeight, totalSize, scrollMargin, ...layout } =
    useGalleryWindow({ view, total: size, onRange: showRange });

  const select = useGallerySelect(pages);

  const entries = useMemo(() => jumpEntries(charIndex), [charIndex]);
  // Only lists longer than a page need it; a short list is one scroll away from any letter.
  const showJumpBar =
    total !== null &&
    total > PAGE_SIZE &&
    JUMPABLE.includes(orderBy) &&
    entries.some((entry) => entry.offset !== null);
  const first = layout.firstVisibleItem;
  const activeLabel = first > 0 && total !== null ? activeJumpLabel(entries, first) : null;

  const jump = (entry: JumpEntry) => {
    if (entry.offset !== null) layout.scrollToItem(entry.offset);
  };
  const sort = (nextOrderBy: RomOrderBy, nextDir: OrderDir) => {
    if (nextOrderBy === orderBy && nextDir === orderDir) return;
    useGalleryStore.getState().clearSelection();
    data.sortBy(nextOrderBy, nextDir);
    window.scrollTo({ top: 0 });
  };

  let content: ReactNode;
  if ((error && total === null) || (total === 0 && activeFilterCount > 0)) {
    content = (
      <GalleryProblem
        error={total === null ? error : null}
        onRetry={data.retry}
        onClearFilters={filtering.clear}
      />
    );
  } else if (total === 0) {
    content = empty;
  } else if (view === 'list') {
    content = (
      <GalleryTable
        total={size}
        pages={pages}
        rows={rows}
        rowHeight={rowHeight}
        totalSize={totalSize}
        scrollMargin={scrollMargin}
        bodyRef={setStart}
        orderBy={orderBy}
        orderDir={orderDir}
        onSort={sort}
        onSelect={select}
        showPlatform={showPlatform}
        selectMode={selectMode}
        selectedIds={selectedIds}
      />
    );
  } else {
    content = (
      <GalleryGrid
        mode={view}
        total={size}
        pages={pages}
        rows={rows}
        columns={columns}
        rowHeight={rowHeight}
        totalSize={totalSize}
        scrollMargin={scrollMargin}
        startRef={setStart}
        label={total === null ? t('gallery.loading') : t('gallery.count', { count: total })}
        selectMode={selectMode}
        selectedIds={selectedIds}
        onSelect={select}
      />
    );
  }

  const jumpBar = (orientation: 'vertical' | 'horizontal') => (
    <JumpBarNav
      entries={entries}
      active={activeLabel}
      disabled={false}
      onJump={jump}
      orientation={orientation}
    />
  );
  return (
    <Box data-testid="gallery" data-view={view} aria-busy={loading || undefined}>
      <GalleryToolbar
        total={total}
        activeFilterCount={activeFilterCount}
        onOpenFilters={onOpenFilters}
        randomQuery={{
          ...filterQuery,
          ...placeCollectionScope(place),
          platform_id: place.platformId ?? undefined,
          search_term: place.searchTerm?.trim() || undefined,
        }}
        orderBy={orderBy}
        orderDir={orderDir}
        onSort={sort}
      />
      <FilterChips
        filtering={filtering}
        smartScope={
          place.collection
            ? undefined
            : { platformId: place.platformId ?? null, searchTerm: place.searchTerm ?? '' }
        }
      />
      {showJumpBar && !wide ? <Box sx={{ mb: 2 }}>{jumpBar('horizontal')}</Box> : null}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box ref={setFrame} sx={{ flex: 1, minWidth: 0 }}>
          {activeLabel ? <BackToStart letter={activeLabel} /> : null}
          {content}
          {selectMode ? (
            <Suspense fallback={null}>
              <BulkActionsBar
                total={total ?? 0}
                allIds={data.allIds}
                known={data.known}
                resolve={data.resolve}
              />
            </Suspense>
          ) : null}
          {total !== null && total > 0 ? <GalleryEnd /> : null}
        </Box>
        {showJumpBar && wide ? (
          <Box sx={{ position: 'sticky', top: 88, flexShrink: 0 }}>{jumpBar('vertical')}</Box>
        ) : null}
      </Box>
    </Box>
  );
}

import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import FilterListOffRounded from '@mui/icons-material/FilterListOffRounded';
import ChecklistRounded from '@mui/icons-material/ChecklistRounded';
import KeyboardDoubleArrowUpRounded from '@mui/icons-material/KeyboardDoubleArrowUpRounded';
import { PAGE_SIZE } from '@romshelf/contract';
import type { RomOrderBy } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { NavigationType, useNavigationType } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { errorMessage } from '@/lib/api-client';
import type { RandomRomQuery } from '@/shared/api/random-rom';

import { activeFilters, filtersQuery } from '../gallery-filters';
import { knownRoms } from '../gallery-pages';
import { activeJumpLabel, jumpEntries } from '../jump-bar';
import type { JumpEntry } from '../jump-bar';
import { useGalleryStore } from '../stores/gallery-store';
import type { OrderDir } from '../stores/gallery-store';
import { useGalleryView } from '../stores/gallery-view-store';
import type { GalleryFiltering } from '../use-gallery-filters';
import { placeCollectionScope, placeKey, useGalleryPages } from '../use-gallery-pages';
import type { GalleryPlace } from '../use-gallery-pages';
import { useGalleryWindow } from '../use-gallery-window';

import { FilterChips } from './filter-chips';
import { FilterButton, RandomGameButton } from './gallery-filter-controls';
import { GalleryGrid } from './gallery-grid';
import { GalleryTable } from './gallery-table';
import { JumpBarNav } from './jump-bar-nav';
import { GroupToggle, ViewToggle } from './view-toggle';

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

/** Filters, the count, a random game, select mode, version grouping and the view modes. */
function GalleryToolbar({
  total,
  activeFilterCount,
  onOpenFilters,
  randomQuery,
}: {
  total: number | null;
  activeFilterCount: number;
  onOpenFilters: () => void;
  randomQuery: RandomRomQuery;
}) {
  const { t } = useTranslation('gallery');
  const selectMode = useGalleryStore((state) => state.selectMode);
  return (
    <Stack
      direction="row"
      // On a phone the buttons go to a second line rather than cutting the count ("16 ga…").
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        mb: 2,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <FilterButton active={activeFilterCount} onClick={onOpenFilters} />
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="gallery-count"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {total !== null ? t('gallery.count', { count: total }) : t('gallery.loading')}
        </Typography>
      </Stack>
      <Stack
        direction="row"
        spacing={{ xs: 0.5, sm: 1 }}
        sx={{ alignItems: 'center', flexShrink: 0 }}
      >
        <RandomGameButton query={randomQuery} />
        <Tooltip title={selectMode ? t('select.exit') : t('select.enter')}>
          <ToggleButton
            value="select"
            size="small"
            selected={selectMode}
            onChange={() => useGalleryStore.getState().setSelectMode(!selectMode)}
            aria-label={selectMode ? t('select.exit') : t('select.enter')}
            data-testid="select-mode"
            sx={{ borderRadius: '10px', px: 1 }}
          >
            <ChecklistRounded fontSize="small" />
          </ToggleButton>
        </Tooltip>
        <GroupToggle />
        <ViewToggle />
      </Stack>
    </Stack>
  );
}

/**
 * "From M · back to the start": floats over the top of the list while it is scrolled (a sticky
 * row of no height), so it can be reached from anywhere in a long gallery.
 */
function BackToStart({ letter }: { letter: string }) {
  const { t } = useTranslation('gallery');
  return (
    <Box
      sx={{
        position: 'sticky',
        top: 76,
        height: 0,
        zIndex: 2,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
    >
      <Chip
        color="primary"
        icon={<KeyboardDoubleArrowUpRounded />}
        label={t('jump.from', { letter })}
        onClick={() => window.scrollTo({ top: 0 })}
        data-testid="jump-reset"
        sx={{ pointerEvents: 'auto', boxShadow: 3 }}
      />
    </Box>
  );
}

/** The page's scroll position per context, written as it scrolls, for a return to it. */
const scrollPositions = new Map<string, number>();
/** How many frames a return keeps setting the remembered position (about half a second). */
const RESTORE_FRAMES = 30;

/**
 * Opening the gallery starts a fresh selection, unless this is a return (back/forward) to the
 * context it was made in; closing it keeps the selection for that return. A return also scrolls
 * back to where the context was left: the list is drawn at its full height from the cached
 * pages and the remembered layout, then the position is set once the rows are laid out.
 */
function useReturnToPlace(platformId: number | null, place: string) {
  const navigationType = useNavigationType();
  const returning = useRef(navigationType === NavigationType.Pop);
  useEffect(() => {
    useGalleryStore.getState().enter(platformId, place, returning.current);
    return () => useGalleryStore.getState().leave();
  }, [platformId, place]);
  useEffect(() => {
    const saved = scrollPositions.get(place);
    let frame = 0;
    // The rows settle over a few frames (page height, measured row height), so the position is
    // set again each frame for a moment, until the person scrolls or touches the page.
    let framesLeft = RESTORE_FRAMES;
    const restore = () => {
      if (saved === undefined) return;
      if (Math.abs(window.scrollY - saved) > 1) window.scrollTo({ top: saved });
      framesLeft -= 1;
      if (framesLeft > 0) frame = requestAnimationFrame(restore);
    };
    const stopRestoring = () => {
      framesLeft = 0;
      cancelAnimationFrame(frame);
    };
    if (returning.current && saved !== undefined) frame = requestAnimationFrame(restore);
    const remember = () => {
      if (framesLeft <= 0 || !returning.current) scrollPositions.set(place, window.scrollY);
    };
    if (!returning.current) framesLeft = 0;
    const interactions = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const type of interactions)
      window.addEventListener(type, stopRestoring, { passive: true });
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      stopRestoring();
      for (const type of interactions) window.removeEventListener(type, stopRestoring);
      window.removeEventListener('scroll', remember);
    };
  }, [place]);
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

  // The ROMs known in list order, as a shift-click range sees them, without a new handler per page.
  const loaded = useRef(pages);
  useLayoutEffect(() => {
    loaded.current = pages;
  }, [pages]);
  const select = useCallback((id: number, range: boolean) => {
    const store = useGalleryStore.getState();
    if (!store.selectMode) store.setSelectMode(true);
    if (range) {
      store.selectRange(
        id,
        knownRoms(loaded.current).map((rom) => rom.id),
      );
    } else store.toggleSelected(id);
  }, []);

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
  if (error && total === null) {
    content = (
      <EmptyState
        testId="gallery-error"
        icon={<ErrorOutlineRounded />}
        title={t('gallery.error-title')}
        text={errorMessage(error)}
        action={
          <Button variant="outlined" onClick={data.retry}>
            {t('gallery.retry')}
          </Button>
        }
      />
    );
  } else if (total === 0 && activeFilterCount > 0) {
    content = (
      <EmptyState
        testId="gallery-filtered-empty"
        icon={<FilterListOffRounded />}
        title={t('filters.empty-title')}
        text={t('filters.empty-text')}
        action={
          <Button variant="contained" onClick={filtering.clear} data-testid="filter-empty-clear">
            {t('filters.clear')}
          </Button>
        }
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
          {total !== null && total > 0 ? (
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ textAlign: 'center', py: 3 }}
              data-testid="gallery-end"
            >
              {t('gallery.end')}
            </Typography>
          ) : null}
        </Box>
        {showJumpBar && wide ? (
          <Box sx={{ position: 'sticky', top: 88, flexShrink: 0 }}>{jumpBar('vertical')}</Box>
        ) : null}
      </Box>
    </Box>
  );
}

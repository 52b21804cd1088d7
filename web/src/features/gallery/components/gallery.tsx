import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
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
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { useRomActions } from '@/components/rom-actions-context';
import { RomCard, RomCardSkeleton } from '@/components/rom-card';
import { errorMessage } from '@/lib/api-client';

import { activeJumpLabel, jumpEntries } from '../jump-bar';
import type { JumpEntry } from '../jump-bar';
import { useGalleryStore } from '../stores/gallery-store';
import type { OrderDir } from '../stores/gallery-store';
import { placeKey, useGalleryPages } from '../use-gallery-pages';
import type { GalleryPlace } from '../use-gallery-pages';

import { BulkActionsBar } from './bulk-actions-bar';
import { GALLERY_COLUMNS, useGalleryViewStore } from '../stores/gallery-view-store';
import { GalleryTable } from './gallery-table';
import { JumpBarNav } from './jump-bar-nav';
import { ViewToggle } from './view-toggle';

/** Sorts whose character index lines up with the list (the server indexes string columns). */
const JUMPABLE: readonly RomOrderBy[] = ['name', 'fs_name'];

function gridColumns(view: 'small' | 'big') {
  const columns = GALLERY_COLUMNS[view];
  return Object.fromEntries(
    Object.entries(columns).map(([breakpoint, count]) => [
      breakpoint,
      `repeat(${String(count)}, minmax(0, 1fr))`,
    ]),
  );
}

interface GalleryProps {
  place: GalleryPlace;
  /** The platform whose page this is (for the platform info drawer). */
  platformId?: number | null;
  showPlatform?: boolean;
  /** Known number of games (e.g. the platform's rom_count), to size the first skeletons. */
  expectedCount?: number;
  empty: ReactNode;
}

/**
 * The gallery shared by the platform and search pages: pages of the query cache (SPEC §4),
 * three view modes, infinite scroll, the A–Z jump bar and skeletons. Each context gets its own
 * instance, so a new search starts from a clean slate.
 */
export function Gallery(props: GalleryProps) {
  return <GalleryContent key={placeKey(props.place)} {...props} />;
}

function GalleryContent({
  place,
  platformId = null,
  showPlatform = false,
  expectedCount,
  empty,
}: GalleryProps) {
  const { t } = useTranslation('gallery');
  const { RomMenu } = useRomActions();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const view = useGalleryViewStore((state) => state.view);
  const {
    pages,
    loading: fetching,
    error,
    view: placeView,
    loadMore,
    jumpTo,
    sortBy,
    retry,
  } = useGalleryPages(place);
  const { roms, loaded, total, charIndex, more } = pages;
  const startOffset = placeView.start;
  const { orderBy, orderDir } = placeView;
  const limit = PAGE_SIZE;
  const sentinel = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const selectMode = useGalleryStore((state) => state.selectMode);
  const selectedIds = useGalleryStore((state) => state.selectedIds);

  // The shown ROMs as a shift-click range sees them, without a new handler per loaded page.
  const shown = useRef(roms);
  useLayoutEffect(() => {
    shown.current = roms;
  }, [roms]);
  const select = useCallback((id: number, range: boolean) => {
    const store = useGalleryStore.getState();
    if (!store.selectMode) store.setSelectMode(true);
    if (range) store.selectRange(id, shown.current);
    else store.toggleSelected(id);
  }, []);

  // Opening the gallery starts a fresh selection; leaving it ends select mode.
  useEffect(() => {
    useGalleryStore.getState().enter(platformId);
    return () => useGalleryStore.getState().leave();
  }, [platformId]);

  // Infinite scroll: load the next page when the sentinel comes near the viewport. Re-observing
  // after each page re-checks a sentinel that is still visible.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !more || fetching) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, fetching, loadMore, roms.length]);

  const entries = useMemo(() => jumpEntries(charIndex), [charIndex]);
  // Only lists longer than a page need it; a short list is one scroll away from any letter.
  const showJumpBar =
    loaded &&
    total > limit &&
    JUMPABLE.includes(orderBy) &&
    entries.some((entry) => entry.offset !== null);
  const activeLabel = startOffset > 0 ? activeJumpLabel(entries, startOffset) : null;

  const jump = (entry: JumpEntry) => {
    if (entry.offset === null) return;
    jumpTo(entry.offset);
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const backToStart = () => {
    jumpTo(0);
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const sort = (nextOrderBy: RomOrderBy, nextDir: OrderDir) => {
    if (nextOrderBy === orderBy && nextDir === orderDir) return;
    useGalleryStore.getState().clearSelection();
    sortBy(nextOrderBy, nextDir);
  };

  const firstLoad = !loaded && !error;
  const skeletonCount = firstLoad
    ? Math.min(PAGE_SIZE, Math.max(expectedCount ?? 24, 1))
    : fetching && more
      ? Math.min(PAGE_SIZE, total - startOffset - roms.length)
      : 0;

  let content: ReactNode;
  if (error && roms.length === 0) {
    content = (
      <EmptyState
        testId="gallery-error"
        icon={<ErrorOutlineRounded />}
        title={t('gallery.error-title')}
        text={errorMessage(error)}
        action={
          <Button variant="outlined" onClick={retry}>
            {t('gallery.retry')}
          </Button>
        }
      />
    );
  } else if (loaded && roms.length === 0) {
    content = empty;
  } else if (view === 'list') {
    content = (
      <GalleryTable
        roms={roms}
        orderBy={orderBy}
        orderDir={orderDir}
        onSort={sort}
        onSelect={select}
        showPlatform={showPlatform}
        loadingRows={Math.min(skeletonCount, 12)}
      />
    );
  } else {
    const compact = view === 'small';
    content = (
      <Box
        data-testid="gallery-grid"
        data-view={view}
        sx={{
          display: 'grid',
          gridTemplateColumns: gridColumns(view),
          gap: compact ? { xs: 0.75, sm: 1 } : { xs: 1.25, sm: 2 },
        }}
      >
        {roms.map((rom) => (
          <RomCard
            key={rom.id}
            rom={rom}
            compact={compact}
            selectMode={selectMode}
            selected={selectedIds.has(rom.id)}
            onSelect={select}
            actions={<RomMenu rom={rom} overlay />}
          />
        ))}
        {Array.from({ length: skeletonCount }, (_, index) => (
          <RomCardSkeleton key={`skeleton-${String(index)}`} compact={compact} />
        ))}
      </Box>
    );
  }

  return (
    <Box ref={top} sx={{ scrollMarginTop: 80 }} data-testid="gallery" data-view={view}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" data-testid="gallery-count" noWrap>
            {loaded ? t('gallery.count', { count: total }) : t('gallery.loading')}
          </Typography>
          {activeLabel ? (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              icon={<KeyboardDoubleArrowUpRounded />}
              label={t('jump.from', { letter: activeLabel })}
              onClick={backToStart}
              data-testid="jump-reset"
            />
          ) : null}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
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
          <ViewToggle />
        </Stack>
      </Stack>
      {showJumpBar && !wide ? (
        <Box sx={{ mb: 2 }}>
          <JumpBarNav
            entries={entries}
            active={activeLabel}
            disabled={fetching}
            onJump={jump}
            orientation="horizontal"
          />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {content}
          <Box ref={sentinel} aria-hidden sx={{ height: 1 }} />
          {selectMode ? <BulkActionsBar roms={roms} /> : null}
          {loaded && roms.length > 0 && !more ? (
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ textAlign: 'center', py: 3 }}
              data-testid="gallery-end"
            >
              {t('gallery.all-loaded')}
            </Typography>
          ) : null}
        </Box>
        {showJumpBar && wide ? (
          <Box sx={{ position: 'sticky', top: 88, flexShrink: 0 }}>
            <JumpBarNav
              entries={entries}
              active={activeLabel}
              disabled={fetching}
              onJump={jump}
              orientation="vertical"
            />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

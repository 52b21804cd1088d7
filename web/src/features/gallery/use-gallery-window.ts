import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { GRID_LAYOUT, gridColumns, rowCount, rowOfItem, rowsToItems } from './gallery-pages';
import type { ItemRange } from './gallery-pages';
import { useGalleryStore } from './stores/gallery-store';
import type { GalleryView } from './stores/gallery-view-store';

/** Space kept above a row scrolled to the top: the app bar and a margin. */
const SCROLL_PADDING = 64 + 16;
/** Rows drawn beyond the viewport each way. */
const OVERSCAN_ROWS = 2;
/** A list row's height before one is measured (a 28 px cover with its padding). */
const LIST_ROW_ESTIMATE = 57;

/** A row's height before a card is measured: a 2:3 cover and the title lines. */
function estimateRowHeight(view: GalleryView, width: number, columns: number): number {
  if (view === 'list') return LIST_ROW_ESTIMATE;
  const { gap } = GRID_LAYOUT[view];
  const cardWidth = Math.max(80, (width - gap * (columns - 1)) / columns);
  return Math.round(cardWidth * 1.5 + (view === 'small' ? 45 : 80) + gap);
}

const layoutKey = (view: GalleryView, width: number) => `${view}:${String(Math.round(width))}`;

/**
 * The rows of the windowed gallery over the page's own scroll: columns from the list's width,
 * one fixed row height (measured on a drawn card or table row, remembered for a return), and
 * only the rows near the viewport. Reports the items drawn (`onRange`) so their pages load.
 */
export function useGalleryWindow({
  view,
  total,
  onRange,
}: {
  view: GalleryView;
  total: number;
  onRange: (range: ItemRange) => void;
}) {
  /** The element whose width sets the columns. */
  const [frame, setFrameState] = useState<HTMLElement | null>(null);
  /** The element the rows start at (the grid, or the table's body). */
  const startRef = useRef<HTMLElement | null>(null);
  const setStart = useCallback((element: HTMLElement | null) => {
    startRef.current = element;
  }, []);
  // Unknown (null) until the frame is measured, unless a gallery drawn before left its width:
  // rows drawn at a guessed width would be drawn again at once, the first cards twice over.
  const [width, setWidth] = useState<number | null>(() => {
    const stored = useGalleryStore.getState().layout.width;
    return stored > 0 ? stored : null;
  });
  // Measured as the frame arrives, so its width comes with the same render as the frame.
  const setFrame = useCallback((element: HTMLElement | null) => {
    setFrameState(element);
    if (element) setWidth(element.getBoundingClientRect().width);
  }, []);
  const [scrollMargin, setScrollMargin] = useState(0);
  const columns = view === 'list' ? 1 : gridColumns(width ?? 0, view);
  const key = layoutKey(view, width ?? 0);
  const stored = useGalleryStore.getState().layout.rowHeights[key];
  // A measurement holds for the view and width it was taken at.
  const [measurement, setMeasurement] = useState<{ key: string; height: number } | null>(null);
  const measured = measurement?.key === key ? measurement.height : null;
  const rowHeight = measured ?? stored ?? estimateRowHeight(view, width ?? 0, columns);
  // The first rows alone, the rows beyond the viewport once those are painted.
  const [overscan, setOverscan] = useState(0);

  const virtualizer = useWindowVirtualizer({
    count: width === null ? 0 : rowCount(total, columns),
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin,
    scrollPaddingStart: SCROLL_PADDING,
    useFlushSync: false,
    // The rows' pages are asked for from the scroll itself, before React renders the new rows.
    onChange: (instance) => {
      const items = instance.getVirtualItems();
      const last = items.at(-1)?.index ?? -1;
      if (last >= 0) onRange(rowsToItems(items[0]?.index ?? 0, last, columns, total));
    },
  });

  // The width, followed as the window or the side bar changes.
  useLayoutEffect(() => {
    if (!frame) return undefined;
    const read = () => setWidth(frame.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(read);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame]);

  // Where the rows start in the page, and the height of a drawn row: checked after each render
  // (the header above can grow, the first card can arrive): no dependency list on purpose, and
  // both updates are guarded so they settle.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const start = startRef.current;
    if (start) {
      const top = start.getBoundingClientRect().top + window.scrollY;
      if (Math.abs(top - scrollMargin) >= 1) setScrollMargin(top);
    }
    const sample = start?.querySelector<HTMLElement>('[data-gallery-item="rom"]');
    const gap = view === 'list' ? 0 : GRID_LAYOUT[view].gap;
    const height = sample ? sample.getBoundingClientRect().height + gap : 0;
    if (height > gap && Math.abs(height - rowHeight) >= 1) {
      setMeasurement({ key, height: Math.round(height) });
    }
  });

  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  useEffect(() => {
    const { layout, setLayout } = useGalleryStore.getState();
    if (width === null || width <= 0) return;
    if (layout.width !== width || (measured !== null && layout.rowHeights[key] !== measured)) {
      setLayout({
        width,
        rowHeights:
          measured === null ? layout.rowHeights : { ...layout.rowHeights, [key]: measured },
      });
    }
  }, [key, width, measured]);

  const rows = virtualizer.getVirtualItems();
  const firstRow = rows[0]?.index ?? 0;
  const lastRow = rows.at(-1)?.index ?? -1;
  const drawn = lastRow >= 0;
  useEffect(() => {
    if (!drawn || overscan === OVERSCAN_ROWS) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: after the browser has painted the first rows.
    const nextFrame = requestAnimationFrame(() => {
      timer = setTimeout(() => setOverscan(OVERSCAN_ROWS));
    });
    return () => {
      cancelAnimationFrame(nextFrame);
      clearTimeout(timer);
    };
  }, [drawn, overscan]);
  useEffect(() => {
    if (lastRow >= 0) onRange(rowsToItems(firstRow, lastRow, columns, total));
  }, [firstRow, lastRow, columns, total, onRange]);

  /** The first item on screen below the app bar (not the overscan above it). */
  const topRow = virtualizer.getVirtualItemForOffset(
    (virtualizer.scrollOffset ?? 0) + SCROLL_PADDING,
  );
  const firstVisibleItem = (topRow?.index ?? 0) * columns;
  const scrollToItem = (index: number) =>
    virtualizer.scrollToIndex(rowOfItem(index, columns), { align: 'start' });

  return {
    /** A ref callback for the element whose width sets the columns. */
    setFrame,
    /** A ref callback for the element the rows start at. */
    setStart,
    columns,
    rowHeight,
    rows,
    totalSize: virtualizer.getTotalSize(),
    scrollMargin,
    firstVisibleItem,
    scrollToItem,
  };
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

export const ROW_HEIGHT = 36;
/** The height of a windowed list: about ten rows, the rest a scroll away. */
export const WINDOW_HEIGHT = 10.5 * ROW_HEIGHT;

/** The rows of a fixed-height scrolling list of `count` ROMs that are in view. */
export function useRomWindow(count: number) {
  const scroller = useRef<HTMLDivElement>(null);
  // Its items are read afresh on every render, never memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // The list's box has a fixed height: nothing to measure.
    observeElementRect: (_instance, onRect) => {
      onRect({ width: 0, height: WINDOW_HEIGHT });
      return undefined;
    },
  });
  return { scroller, items: virtualizer.getVirtualItems(), totalSize: virtualizer.getTotalSize() };
}

import { useLayoutEffect, useState } from 'react';

import { tvUnitPx } from './tv-units';

/** Card sizes in console units: a cover at least this wide, this far apart, its title under it. */
export const GRID_UNITS = { minCard: 16, gap: 2.2, caption: 4.2 } as const;

export interface GridLayout {
  columns: number;
  cardWidth: number;
  rowHeight: number;
  /** Rows wholly on screen. */
  visibleRows: number;
  gap: number;
}

/** How a frame `width` × `height` pixels is laid out in rows of covers, `unit` px a console unit. */
export function gridLayout(width: number, height: number, unit: number): GridLayout {
  const gap = GRID_UNITS.gap * unit;
  const fit = Math.floor((width + gap) / (GRID_UNITS.minCard * unit + gap));
  const columns = Math.min(12, Math.max(2, fit));
  const cardWidth = Math.max(1, (width - gap * (columns - 1)) / columns);
  const rowHeight = Math.round(cardWidth * 1.5 + GRID_UNITS.caption * unit + gap);
  return {
    columns,
    cardWidth,
    rowHeight,
    visibleRows: Math.max(1, Math.floor((height + gap) / rowHeight)),
    gap,
  };
}

/** The grid layout of an element, followed as the window changes. */
export function useGridLayout() {
  const [frame, setFrame] = useState<HTMLElement | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0, unit: 10.8 });
  useLayoutEffect(() => {
    if (!frame) return undefined;
    const read = () => {
      const box = frame.getBoundingClientRect();
      setSize({ width: box.width, height: box.height, unit: tvUnitPx() });
    };
    read();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(read);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame]);
  return { setFrame, ready: size.width > 0, ...gridLayout(size.width, size.height, size.unit) };
}

import { PAGE_SIZE } from '@romshelf/contract';
import type { RomListPage, SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import type { VirtualItem } from '@tanstack/react-virtual';
import { memo } from 'react';
import type { RefCallback } from 'react';

import { useRomActions } from '@/components/rom-actions-context';
import { RomCard, RomCardSkeleton } from '@/components/rom-card';

import { GRID_LAYOUT, romAt } from '../gallery-pages';
import type { GridMode } from '../gallery-pages';

interface CellProps {
  rom: SimpleRom;
  compact: boolean;
  selectMode: boolean;
  selected: boolean;
  onSelect: (id: number, range: boolean) => void;
}

/**
 * One card with its menu. The menu element is made here, so it is new only when this card's
 * own props change: a page arriving elsewhere re-renders neither this cell nor its card.
 */
const GalleryCard = memo(function GalleryCard({
  rom,
  compact,
  selectMode,
  selected,
  onSelect,
}: CellProps) {
  const { RomMenu } = useRomActions();
  return (
    <RomCard
      rom={rom}
      compact={compact}
      selectMode={selectMode}
      selected={selected}
      onSelect={onSelect}
      actions={<RomMenu rom={rom} overlay />}
    />
  );
});

/**
 * The small- and big-cover views, windowed: a box as tall as every row of the list, with only
 * the rows near the viewport drawn in it. A ROM whose page has not arrived yet is a skeleton.
 */
export function GalleryGrid({
  mode,
  total,
  pages,
  rows,
  columns,
  rowHeight,
  totalSize,
  scrollMargin,
  startRef,
  label,
  selectMode,
  selectedIds,
  onSelect,
}: {
  mode: GridMode;
  total: number;
  pages: ReadonlyMap<number, RomListPage>;
  rows: readonly VirtualItem[];
  columns: number;
  rowHeight: number;
  totalSize: number;
  scrollMargin: number;
  startRef: RefCallback<HTMLElement>;
  label: string;
  selectMode: boolean;
  selectedIds: ReadonlySet<number>;
  onSelect: (id: number, range: boolean) => void;
}) {
  const compact = mode === 'small';
  const { gap } = GRID_LAYOUT[mode];
  return (
    <Box
      ref={startRef}
      role="list"
      aria-label={label}
      data-testid="gallery-grid"
      data-view={mode}
      data-columns={columns}
      sx={{ position: 'relative', width: '100%' }}
      style={{ height: totalSize }}
    >
      {rows.map((row) => (
        <Box
          key={row.key}
          role="none"
          data-index={row.index}
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: rowHeight,
            pb: `${String(gap)}px`,
            display: 'grid',
            gridTemplateColumns: `repeat(${String(columns)}, minmax(0, 1fr))`,
            columnGap: `${String(gap)}px`,
            alignItems: 'start',
          }}
          style={{ transform: `translateY(${String(row.start - scrollMargin)}px)` }}
        >
          {Array.from({ length: columns }, (_, column) => {
            const index = row.index * columns + column;
            if (index >= total) return null;
            const rom = romAt(pages, index, PAGE_SIZE);
            return (
              <Box
                key={rom ? rom.id : `pending-${String(index)}`}
                role="listitem"
                aria-setsize={total}
                aria-posinset={index + 1}
                aria-busy={rom ? undefined : true}
                data-gallery-item={rom ? 'rom' : 'pending'}
                sx={{ minWidth: 0 }}
              >
                {rom ? (
                  <GalleryCard
                    rom={rom}
                    compact={compact}
                    selectMode={selectMode}
                    selected={selectedIds.has(rom.id)}
                    onSelect={onSelect}
                  />
                ) : (
                  <RomCardSkeleton compact={compact} />
                )}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

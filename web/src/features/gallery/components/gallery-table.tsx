import { PAGE_SIZE } from '@romshelf/contract';
import type { RomListPage, RomOrderBy, SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { VirtualItem } from '@tanstack/react-virtual';
import { memo } from 'react';
import type { RefCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { GameCover, gameTitle } from '@/components/game-cover';
import { RegionFlags, RomUserBadges, UnidentifiedBadge, VersionTags } from '@/components/rom-card';
import { formatBytes, formatDate } from '@/lib/format';

import { romAt } from '../gallery-pages';
import type { OrderDir } from '../stores/gallery-store';

interface Column {
  id: string;
  orderBy: RomOrderBy;
  labelKey: string;
  align?: 'right';
  hideBelow?: 'sm' | 'md' | 'lg';
}

const COLUMNS: Column[] = [
  { id: 'name', orderBy: 'name', labelKey: 'table.name' },
  { id: 'size', orderBy: 'fs_size_bytes', labelKey: 'table.size', align: 'right' },
  { id: 'added', orderBy: 'created_at', labelKey: 'table.added', hideBelow: 'sm' },
  { id: 'updated', orderBy: 'updated_at', labelKey: 'table.updated', hideBelow: 'md' },
  { id: 'file', orderBy: 'fs_name', labelKey: 'table.file-name', hideBelow: 'lg' },
];

function hidden(below: Column['hideBelow']) {
  return below ? { display: { xs: 'none', [below]: 'table-cell' } } : {};
}

const RomRow = memo(function RomRow({
  rom,
  index,
  showPlatform,
  selectMode,
  selected,
  onSelect,
}: {
  rom: SimpleRom;
  index: number;
  showPlatform: boolean;
  selectMode: boolean;
  selected: boolean;
  onSelect: (id: number, range: boolean) => void;
}) {
  const navigate = useNavigate();
  const title = gameTitle(rom);
  const open = (range = false) => {
    // In select mode (or with shift) a row is selected instead of opened, as cards are.
    if (selectMode || range) {
      onSelect(rom.id, range);
      return;
    }
    void navigate(`/rom/${String(rom.id)}`);
  };
  return (
    <TableRow
      hover
      tabIndex={0}
      selected={selected}
      aria-selected={selectMode ? selected : undefined}
      onClick={(event) => open(event.shiftKey)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open();
      }}
      aria-rowindex={index + 2}
      data-testid="rom-row"
      data-rom-id={rom.id}
      data-gallery-item="rom"
      sx={{ cursor: 'pointer' }}
    >
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <Box sx={{ width: 28, flexShrink: 0 }}>
            <GameCover rom={rom} radius={4} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {title}
            </Typography>
            <Box
              sx={{
                display: 'flex',
                gap: 1,
                color: 'text.secondary',
                alignItems: 'center',
                minHeight: 22,
              }}
            >
              {showPlatform ? (
                <Typography variant="caption" noWrap>
                  {rom.platform_display_name}
                </Typography>
              ) : null}
              <RegionFlags regions={rom.regions} />
              <VersionTags rom={rom} size={12} />
              <UnidentifiedBadge rom={rom} />
              <RomUserBadges rom={rom} />
            </Box>
          </Box>
        </Box>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatBytes(rom.fs_size_bytes)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...hidden('sm') }}>
        {formatDate(rom.created_at)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...hidden('md') }}>
        {formatDate(rom.updated_at)}
      </TableCell>
      <TableCell sx={{ maxWidth: 320, ...hidden('lg') }}>
        <Typography variant="body2" color="text.secondary" noWrap title={rom.fs_name}>
          {rom.fs_name}
        </Typography>
      </TableCell>
    </TableRow>
  );
});

/** A row whose page has not arrived yet. */
function PendingRow({ index, height }: { index: number; height: number }) {
  return (
    <TableRow
      aria-rowindex={index + 2}
      aria-busy
      data-testid="rom-row-skeleton"
      data-gallery-item="pending"
      sx={{ height }}
    >
      {COLUMNS.map((column) => (
        <TableCell key={column.id} sx={hidden(column.hideBelow)}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  );
}

/** Empty space standing for the rows not drawn above or below the drawn ones. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <TableRow aria-hidden sx={{ height }}>
      <TableCell colSpan={COLUMNS.length} sx={{ p: 0, border: 0 }} />
    </TableRow>
  );
}

/**
 * The list view: a table sorted by the server, one click per column header, windowed like the
 * grids (only the rows near the viewport are in the table, spacers stand for the others).
 */
export function GalleryTable({
  total,
  pages,
  rows,
  rowHeight,
  totalSize,
  scrollMargin,
  bodyRef,
  orderBy,
  orderDir,
  onSort,
  onSelect,
  showPlatform,
  selectMode,
  selectedIds,
}: {
  total: number;
  pages: ReadonlyMap<number, RomListPage>;
  rows: readonly VirtualItem[];
  rowHeight: number;
  totalSize: number;
  scrollMargin: number;
  bodyRef: RefCallback<HTMLElement>;
  orderBy: RomOrderBy;
  orderDir: OrderDir;
  onSort: (orderBy: RomOrderBy, orderDir: OrderDir) => void;
  /** A row clicked in select mode (or with shift, `range`). */
  onSelect: (id: number, range: boolean) => void;
  showPlatform: boolean;
  selectMode: boolean;
  selectedIds: ReadonlySet<number>;
}) {
  const { t } = useTranslation('gallery');
  const before = (rows[0]?.start ?? scrollMargin) - scrollMargin;
  const after = totalSize - ((rows.at(-1)?.end ?? scrollMargin) - scrollMargin);
  return (
    <TableContainer
      sx={{ border: 1, borderColor: 'divider', borderRadius: '12px', bgcolor: 'background.paper' }}
    >
      <Table
        size="small"
        data-testid="gallery-table"
        aria-rowcount={total + 1}
        sx={{ tableLayout: 'auto' }}
      >
        <TableHead>
          <TableRow aria-rowindex={1}>
            {COLUMNS.map((column) => {
              const active = orderBy === column.orderBy;
              return (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sortDirection={active ? orderDir : false}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap', ...hidden(column.hideBelow) }}
                >
                  <TableSortLabel
                    active={active}
                    direction={active ? orderDir : 'asc'}
                    onClick={() =>
                      onSort(column.orderBy, active && orderDir === 'asc' ? 'desc' : 'asc')
                    }
                    data-testid={`sort-${column.id}`}
                  >
                    {t(column.labelKey)}
                  </TableSortLabel>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody ref={bodyRef}>
          <Spacer height={before} />
          {rows.map((row) => {
            const rom = romAt(pages, row.index, PAGE_SIZE);
            return rom ? (
              <RomRow
                key={rom.id}
                rom={rom}
                index={row.index}
                showPlatform={showPlatform}
                selectMode={selectMode}
                selected={selectedIds.has(rom.id)}
                onSelect={onSelect}
              />
            ) : (
              <PendingRow
                key={`pending-${String(row.index)}`}
                index={row.index}
                height={rowHeight}
              />
            );
          })}
          <Spacer height={after} />
        </TableBody>
      </Table>
    </TableContainer>
  );
}

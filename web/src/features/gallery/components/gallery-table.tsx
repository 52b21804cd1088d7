import type { RomOrderBy, SimpleRom } from '@romshelf/contract';
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
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { GameCover, gameTitle } from '@/components/game-cover';
import { RegionFlags, RomUserBadges, UnidentifiedBadge } from '@/components/rom-card';
import { formatBytes, formatDate } from '@/lib/format';

import { useGalleryStore } from '../stores/gallery-store';
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
  showPlatform,
  selectMode,
  selected,
  onSelect,
}: {
  rom: SimpleRom;
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
      data-testid="rom-row"
      data-rom-id={rom.id}
      sx={{ cursor: 'pointer', contentVisibility: 'auto', containIntrinsicSize: 'auto 57px' }}
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
            <Box sx={{ display: 'flex', gap: 1, color: 'text.secondary', alignItems: 'center' }}>
              {showPlatform ? (
                <Typography variant="caption" noWrap>
                  {rom.platform_display_name}
                </Typography>
              ) : null}
              <RegionFlags regions={rom.regions} />
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

/** The list view: a table sorted by the server, one click per column header. */
export function GalleryTable({
  roms,
  orderBy,
  orderDir,
  onSort,
  onSelect,
  showPlatform,
  loadingRows,
}: {
  roms: readonly SimpleRom[];
  orderBy: RomOrderBy;
  orderDir: OrderDir;
  onSort: (orderBy: RomOrderBy, orderDir: OrderDir) => void;
  /** A row clicked in select mode (or with shift, `range`). */
  onSelect: (id: number, range: boolean) => void;
  showPlatform: boolean;
  loadingRows: number;
}) {
  const { t } = useTranslation('gallery');
  const selectMode = useGalleryStore((state) => state.selectMode);
  const selectedIds = useGalleryStore((state) => state.selectedIds);
  return (
    <TableContainer
      sx={{ border: 1, borderColor: 'divider', borderRadius: '12px', bgcolor: 'background.paper' }}
    >
      <Table size="small" data-testid="gallery-table" sx={{ tableLayout: 'auto' }}>
        <TableHead>
          <TableRow>
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
        <TableBody>
          {roms.map((rom) => (
            <RomRow
              key={rom.id}
              rom={rom}
              showPlatform={showPlatform}
              selectMode={selectMode}
              selected={selectedIds.has(rom.id)}
              onSelect={onSelect}
            />
          ))}
          {Array.from({ length: loadingRows }, (_, index) => (
            <TableRow key={`loading-${String(index)}`} data-testid="rom-row-skeleton">
              {COLUMNS.map((column) => (
                <TableCell key={column.id} sx={hidden(column.hideBelow)}>
                  <Skeleton variant="text" />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

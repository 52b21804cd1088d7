import ChecklistRounded from '@mui/icons-material/ChecklistRounded';
import KeyboardDoubleArrowUpRounded from '@mui/icons-material/KeyboardDoubleArrowUpRounded';
import type { RomOrderBy } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { RandomRomQuery } from '@/shared/api/random-rom';

import { useGalleryStore } from '../stores/gallery-store';
import type { OrderDir } from '../stores/gallery-store';
import { FilterButton, RandomGameButton } from './gallery-filter-controls';
import { SortMenu } from './sort-menu';
import { GroupToggle, PreferredVersionToggle, ViewToggle } from './view-toggle';

/** Filters, the count, the sort, a random game, select mode, version grouping and the view modes. */
export function GalleryToolbar({
  total,
  activeFilterCount,
  onOpenFilters,
  randomQuery,
  orderBy,
  orderDir,
  onSort,
}: {
  total: number | null;
  activeFilterCount: number;
  onOpenFilters: () => void;
  randomQuery: RandomRomQuery;
  orderBy: RomOrderBy;
  orderDir: OrderDir;
  onSort: (orderBy: RomOrderBy, orderDir: OrderDir) => void;
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
        <SortMenu orderBy={orderBy} orderDir={orderDir} onSort={onSort} />
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
        <PreferredVersionToggle />
        <ViewToggle />
      </Stack>
    </Stack>
  );
}

/**
 * "From M · back to the start": floats over the top of the list while it is scrolled (a sticky
 * row of no height), so it can be reached from anywhere in a long gallery.
 */
export function BackToStart({ letter }: { letter: string }) {
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

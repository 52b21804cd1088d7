import CasinoRounded from '@mui/icons-material/CasinoRounded';
import FilterListRounded from '@mui/icons-material/FilterListRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

import { useRandomGame } from '@/components/use-random-game';
import { visuallyHidden } from '@/components/visually-hidden';
import type { RandomRomQuery } from '@/shared/api/random-rom';

/** Opens the filter drawer; shows how many filters are on. */
export function FilterButton({ active, onClick }: { active: number; onClick: () => void }) {
  const { t } = useTranslation('gallery');
  return (
    <Tooltip title={t('filters.open')} describeChild>
      <Button
        variant={active > 0 ? 'contained' : 'outlined'}
        size="small"
        onClick={onClick}
        data-testid="filter-open"
        data-active={active}
        sx={{ minWidth: 0, px: { xs: 1, sm: 1.5 }, flexShrink: 0 }}
      >
        <Badge badgeContent={active} color="secondary" invisible={active === 0}>
          <FilterListRounded fontSize="small" />
        </Badge>
        {/* Named by its text, which phones hide from sight only. */}
        <Box
          component="span"
          sx={(theme) => ({ ml: 1, [theme.breakpoints.down('sm')]: visuallyHidden })}
        >
          {t('filters.title')}
        </Box>
      </Button>
    </Tooltip>
  );
}

/** Opens a random game of this gallery: its platform or search, with its filters. */
export function RandomGameButton({ query }: { query: RandomRomQuery }) {
  const { t } = useTranslation('gallery');
  const random = useRandomGame();
  return (
    <>
      <Tooltip title={t('filters.random')}>
        <IconButton
          size="small"
          onClick={() => random.pick(query)}
          disabled={random.pending}
          aria-label={t('filters.random')}
          data-testid="gallery-random"
        >
          {random.pending ? <CircularProgress size={18} /> : <CasinoRounded fontSize="small" />}
        </IconButton>
      </Tooltip>
      {random.notice}
    </>
  );
}

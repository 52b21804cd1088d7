import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import SortRounded from '@mui/icons-material/SortRounded';
import type { RomOrderBy } from '@romshelf/contract';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SORT_CHOICES } from '../gallery-sort';
import type { OrderDir } from '../stores/gallery-store';

interface SortMenuProps {
  orderBy: RomOrderBy;
  orderDir: OrderDir;
  onSort: (orderBy: RomOrderBy, orderDir: OrderDir) => void;
}

/** The sort of every view: what to sort by, then the direction. */
export function SortMenu({ orderBy, orderDir, onSort }: SortMenuProps) {
  const { t } = useTranslation('gallery');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = SORT_CHOICES.find((choice) => choice.orderBy === orderBy);
  // A column only the list's headers sort by (file name, updated) names no choice.
  const label = current ? t(`sort.${current.id}`) : t('sort.label');
  const DirectionIcon = orderDir === 'asc' ? ArrowUpwardRounded : ArrowDownwardRounded;
  const choose = (next: RomOrderBy, dir: OrderDir) => {
    setAnchor(null);
    onSort(next, dir);
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<SortRounded />}
        endIcon={<DirectionIcon fontSize="small" />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        aria-label={t('sort.current', {
          field: label,
          direction: t(`sort.${orderDir}`),
        })}
        data-testid="sort-menu"
        sx={{
          borderRadius: '10px',
          border: 1,
          borderColor: 'divider',
          whiteSpace: 'nowrap',
          minWidth: 0,
          px: 1,
          // On phones the icons say it; the name shows from the small breakpoint up.
          '& .sort-label': { display: { xs: 'none', sm: 'inline' } },
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        <span className="sort-label">{label}</span>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SORT_CHOICES.map((choice) => {
          const selected = choice.orderBy === orderBy;
          return (
            <MenuItem
              key={choice.id}
              role="menuitemradio"
              aria-checked={selected}
              selected={selected}
              onClick={() => choose(choice.orderBy, selected ? orderDir : choice.firstDir)}
              data-testid={`sort-by-${choice.id}`}
            >
              <ListItemIcon>{selected ? <CheckRounded fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{t(`sort.${choice.id}`)}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        {(['asc', 'desc'] as const).map((dir) => (
          <MenuItem
            key={dir}
            role="menuitemradio"
            aria-checked={dir === orderDir}
            selected={dir === orderDir}
            onClick={() => choose(orderBy, dir)}
            data-testid={`sort-dir-${dir}`}
          >
            <ListItemIcon>
              {dir === 'asc' ? (
                <ArrowUpwardRounded fontSize="small" />
              ) : (
                <ArrowDownwardRounded fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{t(`sort.${dir}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

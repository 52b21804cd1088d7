import CheckRounded from '@mui/icons-material/CheckRounded';
import type { PlayStatus } from '@romshelf/contract';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';

import { PLAY_STATUSES, statusEmoji, statusLabelKey } from '@/lib/play-status';

/** A menu of the eight play statuses (SPEC §4) plus "no status". */
export function PlayStatusMenu({
  anchorEl,
  open,
  onClose,
  current = null,
  onPick,
}: {
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  current?: PlayStatus | null;
  onPick: (status: PlayStatus | null) => void;
}) {
  const { t } = useTranslation('rom');
  return (
    <Menu anchorEl={anchorEl} open={open} onClose={onClose} data-testid="status-menu">
      {PLAY_STATUSES.map((status) => (
        <MenuItem
          key={status}
          selected={status === current}
          onClick={() => {
            onPick(status);
            onClose();
          }}
          data-testid={`status-option-${status}`}
        >
          <ListItemIcon sx={{ fontSize: 18 }}>{statusEmoji(status)}</ListItemIcon>
          <ListItemText>{t(statusLabelKey(status))}</ListItemText>
          {status === current ? <CheckRounded fontSize="small" sx={{ ml: 2 }} /> : null}
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          onPick(null);
          onClose();
        }}
        data-testid="status-option-none"
      >
        <ListItemText inset>{t('status.none')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}

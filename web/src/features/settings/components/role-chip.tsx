import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

import { roleLook } from '../roles';

/** The role with its icon (SPEC §6); `iconOnly` keeps just the icon with a tooltip. */
export function RoleChip({ role, iconOnly = false }: { role: string; iconOnly?: boolean }) {
  const { t } = useTranslation('settings');
  const look = roleLook(role);
  const label = look.kind === 'other' ? t(look.labelKey, { role }) : t(look.labelKey);
  const icon = <look.Icon fontSize="small" data-testid={`role-icon-${look.kind}`} />;
  if (iconOnly) {
    return (
      <Tooltip title={label}>
        <Chip
          icon={icon}
          size="small"
          color={look.color}
          variant="outlined"
          role="img"
          aria-label={label}
          data-testid="user-role"
          data-role={role}
          sx={{ '& .MuiChip-label': { display: 'none' }, '& .MuiChip-icon': { mx: 0.5 } }}
        />
      </Tooltip>
    );
  }
  return (
    <Chip
      icon={icon}
      label={label}
      size="small"
      color={look.color}
      variant="outlined"
      data-testid="user-role"
      data-role={role}
    />
  );
}

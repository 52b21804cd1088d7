import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

import type { HiddenEntity } from '@/shared/api/hidden-items';
import { hiddenFrom, useHiddenItemsQuery, useIsAdmin } from '@/shared/api/hidden-items';

/** For admins: "Hidden from …" naming the groups and users a platform or game is hidden from. */
export function HiddenMark({ entity, id }: { entity: HiddenEntity; id: number }) {
  const { t } = useTranslation('common');
  const admin = useIsAdmin();
  const items = useHiddenItemsQuery(admin);
  const names = hiddenFrom(items.data, entity, id);
  if (!admin || names.length === 0) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<VisibilityOffRounded />}
      label={t('hidden.mark', { names: names.join(', ') })}
      data-testid="hidden-mark"
      sx={{ maxWidth: '100%' }}
    />
  );
}

import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import Button from '@mui/material/Button';
import type { Platform } from '@romshelf/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useIsAdmin } from '@/shared/api/hidden-items';

const HideFromDialog = lazy(async () => ({
  default: (await import('@/components/hide-from-dialog')).HideFromDialog,
}));

/** "Hide from…" for admins: the groups and users the platform (and its games) is hidden from. */
export function PlatformHideFrom({ platform }: { platform: Platform }) {
  const { t } = useTranslation('common');
  const admin = useIsAdmin();
  const [open, setOpen] = useState(false);
  if (!admin) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<VisibilityOffRounded />}
        onClick={() => setOpen(true)}
        data-testid="platform-hide-from"
      >
        {t('hidden.hide-from')}
      </Button>
      <Suspense fallback={null}>
        {open ? (
          <HideFromDialog
            entity="platforms"
            entityId={platform.id}
            name={platform.display_name}
            open
            onClose={() => setOpen(false)}
          />
        ) : null}
      </Suspense>
    </>
  );
}

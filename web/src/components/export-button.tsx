import IosShareRounded from '@mui/icons-material/IosShareRounded';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ExportDialog } from './export-dialog';

/** "Export" for a platform's actions: opens the export dialog for that platform. */
export function ExportButton({ platformId }: { platformId: number }) {
  const { t } = useTranslation('platform');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<IosShareRounded />}
        onClick={() => setOpen(true)}
        data-testid="platform-export-button"
      >
        {t('export.action')}
      </Button>
      <ExportDialog open={open} onClose={() => setOpen(false)} platformIds={[platformId]} />
    </>
  );
}

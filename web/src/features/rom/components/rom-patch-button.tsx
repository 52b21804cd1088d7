import BuildRounded from '@mui/icons-material/BuildRounded';
import type { DetailedRom, SimpleRom } from '@romshelf/contract';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useRomActions } from '@/components/rom-actions-context';

/** "Patch": opens the patcher for the game (a translation or hack applied to a copy). */
export function RomPatchButton({ rom }: { rom: SimpleRom | DetailedRom }) {
  const { t } = useTranslation('rom');
  const { PatchRomDialog } = useRomActions();
  const [open, setOpen] = useState(false);
  if (rom.files.length === 0) return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BuildRounded />}
        data-testid="rom-patch"
        onClick={() => setOpen(true)}
      >
        {t('patch.button')}
      </Button>
      {open ? <PatchRomDialog rom={rom} open onClose={() => setOpen(false)} /> : null}
    </>
  );
}

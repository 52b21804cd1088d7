import SettingsRounded from '@mui/icons-material/SettingsRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { DetailedRom } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import type { AssetKind } from '../api/save-history';
import { useRomAssetsQuery } from '../api/save-history';
import { RomSaveItem } from './rom-save-item';
import { SaveHistorySettingsDialog } from './save-history-settings';
import { Section } from './section';

/** "Saves and states": the caller's own, each with its earlier versions to restore. */
export function RomSaves({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  const [kind, setKind] = useState<AssetKind>('saves');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const assets = useRomAssetsQuery(kind, rom.id);
  return (
    <Section
      title={t('saves.title')}
      testId="rom-saves"
      aside={
        <Button
          size="small"
          startIcon={<SettingsRounded />}
          onClick={() => setSettingsOpen(true)}
          data-testid="rom-saves-settings"
        >
          {t('saves.settings')}
        </Button>
      }
    >
      <Tabs
        value={kind}
        onChange={(_, value: AssetKind) => setKind(value)}
        sx={{ mb: 1.5, minHeight: 0 }}
      >
        <Tab value="saves" label={t('saves.tab-saves')} data-testid="rom-saves-tab-saves" />
        <Tab value="states" label={t('saves.tab-states')} data-testid="rom-saves-tab-states" />
      </Tabs>
      {assets.error ? <Alert severity="error">{errorMessage(assets.error)}</Alert> : null}
      {assets.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="rom-saves-empty">
          {t('saves.empty')}
        </Typography>
      ) : null}
      <Stack spacing={1.5}>
        {(assets.data ?? []).map((asset) => (
          <RomSaveItem key={asset.id} kind={kind} asset={asset} />
        ))}
      </Stack>
      <SaveHistorySettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Section>
  );
}

import TuneRounded from '@mui/icons-material/TuneRounded';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';

import { ConfigSaveBar } from './config-save-bar';
import { ExportFields, MediaFields, PreferenceFields } from './scan-settings-form';
import { useScanSettingsDraft } from './use-scan-settings-draft';

/**
 * Scan settings (platforms.write): preferred regions and languages, the media a scan fetches and
 * the files it exports, written to config.yml's `scan` section (`PUT /api/config/scan`).
 */
export function ScanSettingsPage() {
  const { t } = useTranslation('settings');
  const draft = useScanSettingsDraft();
  const disabled = !draft.editable;
  return (
    <>
      <PageHeader
        title={t('scan-settings.title')}
        subtitle={t('scan-settings.subtitle')}
        icon={<TuneRounded />}
      />
      {draft.settings ? (
        <Stack spacing={2} data-testid="scan-settings">
          <PreferenceFields settings={draft.settings} disabled={disabled} onChange={draft.change} />
          <MediaFields settings={draft.settings} disabled={disabled} onChange={draft.change} />
          <ExportFields settings={draft.settings} disabled={disabled} onChange={draft.change} />
        </Stack>
      ) : null}
      <ConfigSaveBar
        editable={draft.editable}
        dirty={draft.dirty}
        saving={draft.saving}
        saved={draft.saved}
        error={draft.error}
        onSave={draft.save}
      />
    </>
  );
}

import HubRounded from '@mui/icons-material/HubRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SCAN_PRIORITY_SOURCES } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';

import { ConfigSaveBar } from './config-save-bar';
import { MetadataSourcesPanel } from './metadata-sources-panel';
import { PriorityList, SOURCE_NAMES } from './priority-list';
import type { PrioritySource } from './priority-list';
import { useScanSettingsDraft } from './use-scan-settings-draft';

/** Which source wins for names and descriptions, covers, and other artwork. */
function Priorities() {
  const { t } = useTranslation('settings');
  const draft = useScanSettingsDraft();
  const settings = draft.settings;
  if (settings === null) return null;
  const disabled = !draft.editable;
  const covers = settings.cover_priority ?? settings.artwork_priority;
  const sourceChoices = {
    choices: SCAN_PRIORITY_SOURCES,
    nameOf: (source: PrioritySource) => SOURCE_NAMES[source],
    addLabel: t('metadata-priority.add'),
  };
  return (
    <Box component="section" aria-labelledby="metadata-priority" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" id="metadata-priority">
        {t('metadata-priority.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('metadata-priority.subtitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <PriorityList
          id="metadata"
          title={t('metadata-priority.metadata')}
          help={t('metadata-priority.metadata-help')}
          sources={settings.metadata_priority}
          disabled={disabled}
          {...sourceChoices}
          onChange={(sources) => draft.change({ metadata_priority: sources })}
        />
        <PriorityList
          id="cover"
          title={t('metadata-priority.cover')}
          help={t('metadata-priority.cover-help')}
          sources={covers}
          disabled={disabled}
          {...sourceChoices}
          onChange={(sources) => draft.change({ cover_priority: sources })}
        />
        <PriorityList
          id="artwork"
          title={t('metadata-priority.artwork')}
          help={t('metadata-priority.artwork-help')}
          sources={settings.artwork_priority}
          disabled={disabled}
          {...sourceChoices}
          onChange={(sources) => draft.change({ artwork_priority: sources })}
        />
      </Box>
      <ConfigSaveBar
        editable={draft.editable}
        dirty={draft.dirty}
        saving={draft.saving}
        saved={draft.saved}
        error={draft.error}
        onSave={draft.save}
      />
    </Box>
  );
}

/**
 * Metadata sources (platforms.write): each source's state and key, a connection test, and the
 * order in which sources are used (config.yml `scan.priority`, through `PUT /api/config/scan`).
 */
export function MetadataSourcesPage() {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageHeader
        title={t('metadata-priority.page-title')}
        subtitle={t('metadata-priority.page-subtitle')}
        icon={<HubRounded />}
      />
      <MetadataSourcesPanel />
      <Priorities />
    </>
  );
}

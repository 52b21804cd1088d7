import Filter1Rounded from '@mui/icons-material/Filter1Rounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { VERSION_LANGUAGES, VERSION_REGIONS } from '@romshelf/contract';
import type { VersionLanguage, VersionRegion } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { languageDisplayName, regionDisplayName } from '@/lib/display-names';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

import { OptionSwitch } from './interface-options';
import { PriorityList } from './priority-list';
import { Section } from './settings-section';

/**
 * One game, one ROM: whether grouped galleries show only each game's preferred version, and the
 * region and language priorities (with or without pre-releases) that choose it.
 */
export function VersionPreferenceSection() {
  const { t } = useTranslation('settings');
  const regions = useUiSettingsStore((state) => state.settings.versionRegions);
  const languages = useUiSettingsStore((state) => state.settings.versionLanguages);
  const change = useUiSettingsStore((state) => state.change);
  return (
    <Section
      icon={<Filter1Rounded color="primary" />}
      title={t('versions.title')}
      text={t('versions.text')}
    >
      <Stack spacing={2}>
        <OptionSwitch
          setting="preferredVersionOnly"
          label={t('versions.preferred-only')}
          hint={t('versions.preferred-only-text')}
        />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <PriorityList<VersionRegion>
            id="version-regions"
            title={t('versions.regions')}
            help={t('versions.regions-text')}
            sources={regions}
            disabled={false}
            onChange={(next) => change('versionRegions', next)}
            choices={VERSION_REGIONS}
            nameOf={(region) => regionDisplayName(region)}
            addLabel={t('versions.add-region')}
          />
          <PriorityList<VersionLanguage>
            id="version-languages"
            title={t('versions.languages')}
            help={t('versions.languages-text')}
            sources={languages}
            disabled={false}
            onChange={(next) => change('versionLanguages', next)}
            choices={VERSION_LANGUAGES}
            nameOf={(language) => languageDisplayName(language)}
            addLabel={t('versions.add-language')}
          />
        </Box>
        <OptionSwitch
          setting="versionPrereleases"
          label={t('versions.prereleases')}
          hint={t('versions.prereleases-text')}
        />
      </Stack>
    </Section>
  );
}

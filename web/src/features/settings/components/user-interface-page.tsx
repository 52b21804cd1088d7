import DarkModeRounded from '@mui/icons-material/DarkModeRounded';
import LightModeRounded from '@mui/icons-material/LightModeRounded';
import PaletteRounded from '@mui/icons-material/PaletteRounded';
import SettingsBrightnessRounded from '@mui/icons-material/SettingsBrightnessRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import AnimationRounded from '@mui/icons-material/AnimationRounded';
import CollectionsBookmarkRounded from '@mui/icons-material/CollectionsBookmarkRounded';
import GridViewRounded from '@mui/icons-material/GridViewRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import Alert from '@mui/material/Alert';
import { THEME_PREFERENCE } from '@romshelf/contract';
import type { ThemePreference, UiTheme } from '@romshelf/contract';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { useLanguageStore } from '@/lib/stores/language-store';
import { useThemeStore } from '@/lib/stores/theme-store';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

import { Section } from './settings-section';
import { VersionPreferenceSection } from './version-preference-section';

import {
  GalleryViewPicker,
  OptionSwitch,
  PlatformsGroupByPicker,
  VirtualCollectionTypePicker,
} from './interface-options';

const THEME_OPTIONS: readonly { value: ThemePreference; key: UiTheme; icon: ReactNode }[] = [
  { value: THEME_PREFERENCE.dark, key: 'dark', icon: <DarkModeRounded fontSize="small" /> },
  { value: THEME_PREFERENCE.light, key: 'light', icon: <LightModeRounded fontSize="small" /> },
  {
    value: THEME_PREFERENCE.auto,
    key: 'auto',
    icon: <SettingsBrightnessRounded fontSize="small" />,
  },
];

export function UserInterfacePage() {
  const { t } = useTranslation('settings');
  const preference = useThemeStore((state) => state.preference);
  const { languages, selectedLanguage } = useLanguageStore();
  const change = useUiSettingsStore((state) => state.change);
  const saveFailed = useUiSettingsStore((state) => state.saveFailed);
  return (
    <>
      <PageHeader
        title={t('user-interface.title')}
        subtitle={t('user-interface.subtitle')}
        icon={<PaletteRounded />}
      />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        {saveFailed ? (
          <Alert severity="warning" data-testid="ui-settings-save-failed">
            {t('user-interface.save-failed')}
          </Alert>
        ) : null}
        <Section
          icon={<PaletteRounded color="primary" />}
          title={t('user-interface.theme')}
          text={t('user-interface.theme-text')}
        >
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={preference}
            onChange={(_event, value: ThemePreference | null) => {
              const option = THEME_OPTIONS.find((item) => item.value === value);
              if (option) change('theme', option.key);
            }}
            aria-label={t('user-interface.theme')}
            data-testid="theme-picker"
          >
            {THEME_OPTIONS.map((option) => (
              <ToggleButton
                key={option.key}
                value={option.value}
                data-testid={`theme-${option.key}`}
                sx={{ gap: 1, px: 2.5 }}
              >
                {option.icon}
                {t(`user-interface.theme-${option.key}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Section>
        <Section
          icon={<TranslateRounded color="primary" />}
          title={t('user-interface.language')}
          text={t('user-interface.language-text')}
        >
          <TextField
            select
            id="language-select"
            label={t('user-interface.language')}
            value={selectedLanguage}
            onChange={(event) => change('locale', event.target.value)}
            sx={{ maxWidth: 360 }}
            slotProps={{
              select: { native: true },
              htmlInput: { 'data-testid': 'language-select' },
            }}
          >
            {languages.map((language) => (
              <option key={language.value} value={language.value}>
                {language.name}
              </option>
            ))}
          </TextField>
        </Section>
        <Section
          icon={<HomeRounded color="primary" />}
          title={t('user-interface.home')}
          text={t('user-interface.home-text')}
        >
          <Stack spacing={1}>
            <OptionSwitch setting="showStats" label={t('user-interface.show-stats')} />
            <OptionSwitch setting="showRecentRoms" label={t('user-interface.show-recent')} />
            <OptionSwitch
              setting="showContinuePlaying"
              label={t('user-interface.show-continue-playing')}
            />
            <OptionSwitch setting="showPlatforms" label={t('user-interface.show-platforms')} />
          </Stack>
        </Section>
        <Section
          icon={<VideogameAssetRounded color="primary" />}
          title={t('user-interface.platforms-drawer')}
          text={t('user-interface.platforms-drawer-text')}
        >
          <PlatformsGroupByPicker />
        </Section>
        <Section
          icon={<GridViewRounded color="primary" />}
          title={t('user-interface.gallery')}
          text={t('user-interface.gallery-text')}
        >
          <Stack spacing={1}>
            <GalleryViewPicker />
            <OptionSwitch
              setting="groupRoms"
              label={t('user-interface.group-roms')}
              hint={t('user-interface.group-roms-text')}
            />
            <OptionSwitch setting="showGameTitle" label={t('user-interface.show-titles')} />
            <OptionSwitch setting="showStatus" label={t('user-interface.show-status')} />
            <OptionSwitch setting="showRegions" label={t('user-interface.show-regions')} />
            <OptionSwitch setting="showLanguages" label={t('user-interface.show-languages')} />
            <OptionSwitch
              setting="showActionBar"
              label={t('user-interface.show-action-bar')}
              hint={t('user-interface.show-action-bar-text')}
            />
          </Stack>
        </Section>
        <VersionPreferenceSection />
        <Section
          icon={<CollectionsBookmarkRounded color="primary" />}
          title={t('user-interface.virtual-collections')}
          text={t('user-interface.virtual-collections-text')}
        >
          <Stack spacing={2}>
            <OptionSwitch
              setting="showVirtualCollections"
              label={t('user-interface.show-virtual-collections')}
            />
            <VirtualCollectionTypePicker />
          </Stack>
        </Section>
        <Section
          icon={<AnimationRounded color="primary" />}
          title={t('user-interface.motion')}
          text={t('user-interface.motion-text')}
        >
          <OptionSwitch
            setting="disableAnimations"
            label={t('user-interface.disable-animations')}
          />
        </Section>
        <ConsoleSection />
      </Stack>
    </>
  );
}

/** Console mode's options (their strings live with console mode). */
function ConsoleSection() {
  const { t } = useTranslation('console');
  return (
    <Section
      icon={<SportsEsportsRounded color="primary" />}
      title={t('settings.title')}
      text={t('settings.text')}
    >
      <Stack spacing={1}>
        <OptionSwitch setting="startInConsole" label={t('settings.start')} />
        <OptionSwitch
          setting="consoleSounds"
          label={t('settings.sounds')}
          hint={t('settings.sounds-text')}
        />
      </Stack>
    </Section>
  );
}

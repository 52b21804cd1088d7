import { GALLERY_VIEWS, PLATFORMS_GROUP_BY } from '@romshelf/contract';
import type { PlatformsGroupBy, UiSettingKey, UiSettings } from '@romshelf/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

type SwitchKey = { [K in UiSettingKey]: UiSettings[K] extends boolean ? K : never }[UiSettingKey];

/** One on/off interface option, saved the moment it flips. */
export function OptionSwitch({
  setting,
  label,
  hint,
}: {
  setting: SwitchKey;
  label: string;
  hint?: string;
}) {
  const value = useUiSettingsStore((state) => state.settings[setting]);
  const change = useUiSettingsStore((state) => state.change);
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mx: 0, gap: 1.5, justifyContent: 'space-between' }}
      labelPlacement="start"
      control={
        <Switch
          checked={value}
          onChange={(event) => change(setting, event.target.checked)}
          slotProps={{ input: { 'data-testid': `ui-setting-${setting}` } as object }}
        />
      }
      label={
        <Stack sx={{ pt: 0.75 }}>
          <Typography variant="body1">{label}</Typography>
          {hint ? (
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
          ) : null}
        </Stack>
      }
    />
  );
}

const NO_GROUPING = 'none';
const GROUPING_CHOICES: readonly (PlatformsGroupBy | typeof NO_GROUPING)[] = [
  NO_GROUPING,
  ...PLATFORMS_GROUP_BY,
];

/** How the platforms drawer groups platforms: not at all, or by manufacturer, generation or type. */
export function PlatformsGroupByPicker() {
  const { t } = useTranslation('settings');
  const value = useUiSettingsStore((state) => state.settings.platformsGroupBy);
  const change = useUiSettingsStore((state) => state.change);
  return (
    <TextField
      select
      id="platforms-group-by"
      label={t('user-interface.group-by')}
      value={value ?? NO_GROUPING}
      onChange={(event) => {
        const choice = PLATFORMS_GROUP_BY.find((option) => option === event.target.value);
        change('platformsGroupBy', choice ?? null);
      }}
      sx={{ maxWidth: 360 }}
      slotProps={{
        select: { native: true },
        htmlInput: { 'data-testid': 'ui-setting-platformsGroupBy' },
      }}
    >
      {GROUPING_CHOICES.map((option) => (
        <option key={option} value={option}>
          {t(`user-interface.group-${option}`)}
        </option>
      ))}
    </TextField>
  );
}

/** The view galleries open in. */
export function GalleryViewPicker() {
  const { t } = useTranslation(['settings', 'gallery']);
  const value = useUiSettingsStore((state) => state.settings.galleryView);
  const change = useUiSettingsStore((state) => state.change);
  return (
    <TextField
      select
      id="gallery-view"
      label={t('user-interface.gallery-view')}
      value={value}
      onChange={(event) => {
        const choice = GALLERY_VIEWS.find((view) => view === event.target.value);
        if (choice) change('galleryView', choice);
      }}
      sx={{ maxWidth: 360 }}
      slotProps={{
        select: { native: true },
        htmlInput: { 'data-testid': 'ui-setting-galleryView' },
      }}
    >
      {GALLERY_VIEWS.map((view) => (
        <option key={view} value={view}>
          {t(`gallery:view.${view}`)}
        </option>
      ))}
    </TextField>
  );
}

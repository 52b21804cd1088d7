import type { ScanSettingsInput } from '@romshelf/contract';
import {
  GAMELIST_IMAGE_TYPES,
  GAMELIST_THUMBNAIL_TYPES,
  SCAN_MEDIA_TYPES,
} from '@romshelf/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Change = (patch: Partial<ScanSettingsInput>) => void;

/** `us, eu` ⇄ `['us', 'eu']` for the code fields. */
const codesText = (codes: readonly string[]) => codes.join(', ');
const textCodes = (text: string) => text.split(',').map((code) => code.trim());

function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`scan-settings-${id}`} sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h2" id={`scan-settings-${id}`} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** Regions and languages, first preferred: which title, cover and description a scan keeps. */
export function PreferenceFields({
  settings,
  disabled,
  onChange,
}: {
  settings: ScanSettingsInput;
  disabled: boolean;
  onChange: Change;
}) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard id="preferences" title={t('scan-settings.preferences')}>
      <Stack spacing={2}>
        <TextField
          label={t('scan-settings.regions')}
          helperText={t('scan-settings.regions-help')}
          value={codesText(settings.region_priority)}
          onChange={(event) => onChange({ region_priority: textCodes(event.target.value) })}
          disabled={disabled}
          slotProps={{ htmlInput: { 'data-testid': 'scan-settings-regions' } }}
        />
        <TextField
          label={t('scan-settings.languages')}
          helperText={t('scan-settings.languages-help')}
          value={codesText(settings.language_priority)}
          onChange={(event) => onChange({ language_priority: textCodes(event.target.value) })}
          disabled={disabled}
          slotProps={{ htmlInput: { 'data-testid': 'scan-settings-languages' } }}
        />
      </Stack>
    </SettingsCard>
  );
}

/** Which media a scan fetches. */
export function MediaFields({
  settings,
  disabled,
  onChange,
}: {
  settings: ScanSettingsInput;
  disabled: boolean;
  onChange: Change;
}) {
  const { t } = useTranslation('settings');
  const toggle = (media: (typeof SCAN_MEDIA_TYPES)[number], on: boolean) =>
    onChange({
      media: on ? [...settings.media, media] : settings.media.filter((item) => item !== media),
    });
  return (
    <SettingsCard id="media" title={t('scan-settings.media')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('scan-settings.media-help')}
      </Typography>
      <FormGroup
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        {SCAN_MEDIA_TYPES.map((media) => (
          <FormControlLabel
            key={media}
            label={t(`scan-settings.media-${media}`)}
            control={
              <Checkbox
                checked={settings.media.includes(media)}
                onChange={(event) => toggle(media, event.target.checked)}
                disabled={disabled}
                slotProps={{ input: { 'data-testid': `scan-media-${media}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
    </SettingsCard>
  );
}

/** gamelist.xml (ES-DE) and Pegasus files written after each scan. */
export function ExportFields({
  settings,
  disabled,
  onChange,
}: {
  settings: ScanSettingsInput;
  disabled: boolean;
  onChange: Change;
}) {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard id="exports" title={t('scan-settings.exports')}>
      <Stack spacing={1.5}>
        <FormControlLabel
          label={t('scan-settings.gamelist-export')}
          control={
            <Switch
              checked={settings.gamelist_export}
              onChange={(event) => onChange({ gamelist_export: event.target.checked })}
              disabled={disabled}
            />
          }
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('scan-settings.gamelist-thumbnail')}
            value={settings.gamelist_thumbnail}
            onChange={(event) =>
              onChange({
                gamelist_thumbnail: event.target.value as ScanSettingsInput['gamelist_thumbnail'],
              })
            }
            disabled={disabled}
            sx={{ minWidth: 200 }}
          >
            {GAMELIST_THUMBNAIL_TYPES.map((media) => (
              <MenuItem key={media} value={media}>
                {t(`scan-settings.media-${media}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('scan-settings.gamelist-image')}
            value={settings.gamelist_image}
            onChange={(event) =>
              onChange({
                gamelist_image: event.target.value as ScanSettingsInput['gamelist_image'],
              })
            }
            disabled={disabled}
            sx={{ minWidth: 200 }}
          >
            {GAMELIST_IMAGE_TYPES.map((media) => (
              <MenuItem key={media} value={media}>
                {t(`scan-settings.media-${media}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <FormControlLabel
          label={t('scan-settings.pegasus-export')}
          control={
            <Switch
              checked={settings.pegasus_export}
              onChange={(event) => onChange({ pegasus_export: event.target.checked })}
              disabled={disabled}
            />
          }
        />
      </Stack>
    </SettingsCard>
  );
}

import type { Platform } from '@romshelf/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { PlatformIcon } from '@/components/platform-icon';

/** The platforms to scan (none chosen = all), and the library's folders no platform has yet. */
export function ScanPlatformsField({
  all,
  chosen,
  newFolders,
  disabled,
  onChange,
}: {
  all: Platform[];
  chosen: Platform[];
  newFolders: string[];
  disabled: boolean;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('scan');
  return (
    <>
      <Autocomplete<Platform, true>
        multiple
        options={all}
        value={chosen}
        disabled={disabled}
        onChange={(_event, value) => onChange(value.map((platform) => platform.id))}
        getOptionLabel={(platform) => platform.display_name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        renderOption={(props, platform) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={key} {...rest} sx={{ gap: 1.5 }}>
              <PlatformIcon platform={platform} size={28} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {platform.display_name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {platform.fs_slug}
                </Typography>
              </Box>
              <Chip size="small" label={platform.rom_count} />
            </Box>
          );
        }}
        renderInput={(input) => (
          <TextField
            {...input}
            placeholder={chosen.length === 0 ? t('scan.all-platforms') : undefined}
            slotProps={{
              ...input.slotProps,
              htmlInput: { ...input.slotProps.htmlInput, 'data-testid': 'scan-platforms' },
            }}
          />
        )}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {chosen.length === 0 ? t('scan.all-platforms-hint') : t('scan.some-platforms-hint')}
      </Typography>
      {newFolders.length > 0 ? (
        <Box sx={{ mt: 1.5 }} data-testid="scan-new-folders">
          <Typography variant="caption" color="text.secondary">
            {t('scan.new-folders', { count: newFolders.length })}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {newFolders.map((folder) => (
              <Chip key={folder} size="small" variant="outlined" label={folder} />
            ))}
          </Stack>
        </Box>
      ) : null}
    </>
  );
}

import type { Platform } from '@romshelf/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { PlatformIcon } from '@/components/platform-icon';
import { sortPlatforms } from '@/shared/api/platforms';

/** A platform to upload to: one of the library (id set) or a supported one without a folder yet. */
export interface PlatformChoice {
  id: number | null;
  fsSlug: string;
  slug: string;
  name: string;
  category: string | null;
}

/** Library platforms first, then every other supported platform (by folder name), by name. */
export function platformChoices(
  library: readonly Platform[],
  supported: readonly Platform[],
): PlatformChoice[] {
  const present = new Set(library.map((platform) => platform.fs_slug));
  return [
    ...sortPlatforms(library).map((platform) => ({
      id: platform.id,
      fsSlug: platform.fs_slug,
      slug: platform.slug,
      name: platform.display_name,
      category: platform.category,
    })),
    ...supported
      .filter((platform) => !present.has(platform.fs_slug))
      .map((platform) => ({
        id: null,
        fsSlug: platform.fs_slug,
        slug: platform.slug,
        name: platform.name,
        category: platform.category,
      })),
  ];
}

/** A searchable platform field: type part of a name or a folder name. */
export function UploadPlatformPicker({
  library,
  supported,
  value,
  onChange,
  disabled,
}: {
  library: readonly Platform[];
  supported: readonly Platform[];
  value: PlatformChoice | null;
  onChange: (choice: PlatformChoice | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('rom');
  const options = useMemo(() => platformChoices(library, supported), [library, supported]);
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_, choice) => onChange(choice)}
      disabled={disabled}
      openOnFocus
      autoHighlight
      groupBy={(choice) =>
        choice.id === null ? t('upload.group-supported') : t('upload.group-library')
      }
      getOptionLabel={(choice) => choice.name}
      getOptionKey={(choice) => choice.fsSlug}
      isOptionEqualToValue={(choice, current) => choice.fsSlug === current.fsSlug}
      filterOptions={(all, { inputValue }) => {
        const needle = inputValue.trim().toLowerCase();
        return needle === ''
          ? all
          : all.filter(
              (choice) =>
                choice.name.toLowerCase().includes(needle) ||
                choice.fsSlug.toLowerCase().includes(needle),
            );
      }}
      renderOption={({ key, ...props }, choice) => (
        <Box
          component="li"
          key={key}
          {...props}
          data-testid={`upload-platform-${choice.fsSlug}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}
        >
          <PlatformIcon
            platform={{ slug: choice.slug, name: choice.name, category: choice.category }}
            size={24}
          />
          <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
            {choice.name}
          </Box>
          <Typography variant="caption" color="text.secondary">
            {choice.fsSlug}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('upload.platform')}
          helperText={
            value !== null && value.id === null
              ? t('upload.new-folder', { folder: value.fsSlug })
              : t('upload.platform-hint')
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'upload-platform' },
          }}
        />
      )}
    />
  );
}

import type { Platform } from '@romshelf/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { platformGuesses } from '@/shared/platform-guesses';

interface PlatformPickerProps {
  /** The folder to bind: its name ranks the best guesses first. */
  folder: string;
  /** The field's name; the folder's by default. */
  label?: string;
  disabled?: boolean;
  platforms: readonly Platform[];
  /** The chosen platform's slug, '' for none. */
  value: string;
  onChange: (slug: string) => void;
  testId?: string;
}

/**
 * A searchable platform list (an ARIA combobox: type to filter, arrows and Enter to choose)
 * that offers the platforms the folder's name most likely means first.
 */
export function PlatformPicker({
  folder,
  label,
  disabled,
  platforms,
  value,
  onChange,
  testId,
}: PlatformPickerProps) {
  const { t } = useTranslation('common');
  const { options, guessed } = useMemo(() => {
    const guesses = platformGuesses(folder, platforms);
    const first = new Set(guesses.map((platform) => platform.slug));
    return {
      options: [...guesses, ...platforms.filter((platform) => !first.has(platform.slug))],
      guessed: first,
    };
  }, [folder, platforms]);
  return (
    <Autocomplete<Platform>
      size="small"
      fullWidth
      disabled={disabled}
      options={options}
      value={platforms.find((platform) => platform.slug === value) ?? null}
      onChange={(_event, platform) => onChange(platform?.slug ?? '')}
      groupBy={(platform) =>
        guessed.has(platform.slug) ? t('platform-picker.guesses') : t('platform-picker.all')
      }
      getOptionLabel={(platform) => platform.name}
      getOptionKey={(platform) => platform.slug}
      isOptionEqualToValue={(option, chosen) => option.slug === chosen.slug}
      renderInput={(input) => (
        <TextField
          {...input}
          label={label ?? folder}
          placeholder={t('platform-picker.placeholder')}
          slotProps={{
            ...input.slotProps,
            inputLabel: { ...input.slotProps.inputLabel, shrink: true },
            htmlInput: { ...input.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

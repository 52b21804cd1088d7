import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { FLAG_FILTERS } from '../gallery-filters';
import type { FlagFilter, GalleryFilters } from '../gallery-filters';
import type { FilterLabels } from '../use-filter-labels';

type FlagChoice = 'any' | 'yes' | 'no';

const choiceOf = (value: boolean | undefined): FlagChoice =>
  value === undefined ? 'any' : value ? 'yes' : 'no';

/**
 * The yes/no filters, each with three states: all games, only those with it, only those
 * without it (so "matched" and "unmatched" can never both be on).
 */
export function FilterFlags({
  flags,
  labels,
  onChange,
}: {
  flags: GalleryFilters['flags'];
  labels: FilterLabels;
  onChange: (name: FlagFilter, value: boolean | undefined) => void;
}) {
  const { t } = useTranslation('gallery');
  return (
    <Stack spacing={1} component="section" aria-label={t('filters.flags')}>
      <Typography variant="subtitle2" component="h3">
        {t('filters.flags')}
      </Typography>
      {FLAG_FILTERS.map((name) => (
        <Stack
          key={name}
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography variant="body2" sx={{ minWidth: 0 }}>
            {labels.flag(name)}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={choiceOf(flags[name])}
            onChange={(_event, choice: FlagChoice | null) => {
              if (choice) onChange(name, choice === 'any' ? undefined : choice === 'yes');
            }}
            aria-label={labels.flag(name)}
            data-testid={`filter-flag-${name}`}
            sx={{ flexShrink: 0 }}
          >
            {(['any', 'yes', 'no'] as const).map((choice) => (
              <ToggleButton
                key={choice}
                value={choice}
                data-testid={`filter-flag-${name}-${choice}`}
                sx={{ py: 0.25, px: 1.25, fontSize: 12 }}
              >
                {t(`filters.flag-choice.${choice}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      ))}
    </Stack>
  );
}

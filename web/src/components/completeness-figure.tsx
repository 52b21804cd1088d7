import ChecklistRounded from '@mui/icons-material/ChecklistRounded';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CompletenessSet } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { CompletenessFilter } from '@/shared/api/completeness';
import { useCompletenessQuery } from '@/shared/api/completeness';

import { MissingGamesDialog } from './missing-games-dialog';

const WHOLE_SET: CompletenessFilter = { region: '', language: '' };

/** A region or language picker of a set (its values, most games first). */
function FacetSelect({
  id,
  label,
  all,
  value,
  values,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  values: readonly { value: string; count: number }[];
  onChange: (value: string) => void;
}) {
  if (values.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 140 }}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': id } }}
    >
      <option value="">{all}</option>
      {values.map((item) => (
        <option key={item.value} value={item.value}>
          {item.value}
        </option>
      ))}
    </TextField>
  );
}

/** One set's figure, "You have 312 of 850 games of …", with its filters and missing list. */
function SetFigure({
  set,
  filter,
  onFilter,
}: {
  set: CompletenessSet;
  filter: CompletenessFilter;
  onFilter: (filter: CompletenessFilter) => void;
}) {
  const { t } = useTranslation('platform');
  const [open, setOpen] = useState(false);
  const narrowed = [filter.region, filter.language].filter((part) => part !== '').join(', ');
  const name = narrowed === '' ? set.dat_name : `${set.dat_name} (${narrowed})`;
  return (
    <Stack spacing={0.75} data-testid="completeness-set" data-dat={set.dat_id}>
      <Typography variant="body2" data-testid="completeness-figure">
        {t('completeness.figure', { owned: set.owned, count: set.games, set: name })}
        {set.incomplete > 0 ? ` ${t('completeness.incomplete', { count: set.incomplete })}` : ''}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={set.games === 0 ? 0 : (100 * set.owned) / set.games}
        aria-label={t('completeness.progress', { set: set.dat_name })}
        sx={{ maxWidth: 360, height: 6, borderRadius: 3 }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FacetSelect
          id={`completeness-region-${String(set.dat_id)}`}
          label={t('completeness.region')}
          all={t('completeness.all-regions')}
          value={filter.region}
          values={set.regions}
          onChange={(region) => onFilter({ ...filter, region })}
        />
        <FacetSelect
          id={`completeness-language-${String(set.dat_id)}`}
          label={t('completeness.language')}
          all={t('completeness.all-languages')}
          value={filter.language}
          values={set.languages}
          onChange={(language) => onFilter({ ...filter, language })}
        />
        <Button
          size="small"
          startIcon={<ChecklistRounded />}
          onClick={() => setOpen(true)}
          disabled={set.missing === 0}
          data-testid="completeness-missing-button"
        >
          {t('completeness.missing', { count: set.missing })}
        </Button>
      </Stack>
      {open ? (
        <MissingGamesDialog set={set} filter={filter} name={name} onClose={() => setOpen(false)} />
      ) : null}
    </Stack>
  );
}

/**
 * How complete a platform (or, without one, the library) is against its bound DATs: nothing
 * when no DAT is bound. The region and language filters apply to every set shown.
 */
export function CompletenessFigure({ platformId }: { platformId: number | null }) {
  const [filter, setFilter] = useState<CompletenessFilter>(WHOLE_SET);
  const sets = useCompletenessQuery(platformId, filter);
  if (!sets.data || sets.data.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }} data-testid="completeness">
      {sets.data.map((set) => (
        <SetFigure key={set.dat_id} set={set} filter={filter} onFilter={setFilter} />
      ))}
    </Stack>
  );
}

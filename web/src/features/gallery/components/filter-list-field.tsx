import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { FILTER_LOGICS } from '../gallery-filters';
import type { FilterLogic, ListFilter } from '../gallery-filters';

interface FilterListFieldProps {
  name: ListFilter;
  label: string;
  /** The values to pick from (a value already picked is offered even when gone from them). */
  options: readonly string[];
  /** How many games of the scope have each value, where the server counts them. */
  counts?: Readonly<Record<string, number>>;
  selected: readonly string[];
  valueLabel: (value: string) => string;
  onChange: (values: string[]) => void;
  /** Absent for a list without any/all/none. */
  logic?: FilterLogic;
  onLogic?: (logic: FilterLogic) => void;
}

/**
 * One multi-value filter: a searchable multi-select (type to narrow a long list) and, where the
 * server supports it, whether a game needs any, all or none of the picked values.
 */
export function FilterListField(props: FilterListFieldProps) {
  const { t } = useTranslation('gallery');
  const { name, label, selected, valueLabel, counts, logic, onLogic } = props;
  const options = [...new Set([...props.options, ...selected])];
  return (
    <Stack spacing={1} data-testid={`filter-${name}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {label}
        </Typography>
        {logic && onLogic ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={logic}
            onChange={(_event, value: FilterLogic | null) => {
              if (value) onLogic(value);
            }}
            aria-label={t('filters.logic-label', { filter: label })}
          >
            {FILTER_LOGICS.map((word) => (
              <Tooltip key={word} title={t(`filters.logic-hint.${word}`)}>
                <ToggleButton
                  value={word}
                  data-testid={`filter-${name}-logic-${word}`}
                  sx={{ py: 0.25, px: 1, fontSize: 12 }}
                >
                  {t(`filters.logic.${word}`)}
                </ToggleButton>
              </Tooltip>
            ))}
          </ToggleButtonGroup>
        ) : null}
      </Stack>
      <Autocomplete
        multiple
        size="small"
        disableCloseOnSelect
        limitTags={4}
        options={options}
        value={[...selected]}
        onChange={(_event, values) => props.onChange(values)}
        getOptionLabel={valueLabel}
        noOptionsText={t('filters.no-options')}
        renderOption={(optionProps, option, { selected: picked }) => {
          const { key, ...rest } = optionProps;
          return (
            <li key={key} {...rest} data-testid="filter-option" data-value={option}>
              <Checkbox size="small" checked={picked} sx={{ mr: 1, p: 0.5 }} />
              <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {valueLabel(option)}
              </Box>
              {counts?.[option] === undefined ? null : (
                <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {counts[option]}
                </Typography>
              )}
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={selected.length === 0 ? t('filters.search', { filter: label }) : undefined}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-label': t('filters.search', { filter: label }),
                'data-testid': `filter-${name}-input`,
              },
            }}
          />
        )}
      />
    </Stack>
  );
}

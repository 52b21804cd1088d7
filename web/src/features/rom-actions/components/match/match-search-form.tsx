import SearchRounded from '@mui/icons-material/SearchRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

import type { SearchBy } from '../../api/match';
import type { MatchSearch } from '../../hooks/use-match-search';

/** The search box of the match dialog: a name or an id, and the search button. */
export function MatchSearchForm({ search }: { search: MatchSearch }) {
  const { t } = useTranslation('rom');
  const byId = search.searchBy === 'id';
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      onSubmit={(event) => {
        event.preventDefault();
        search.submit();
      }}
    >
      <TextField
        label={byId ? t('match.search-id') : t('match.search-name')}
        value={search.term}
        onChange={(event) => search.setTerm(event.target.value)}
        size="small"
        sx={{ flex: 1 }}
        slotProps={{
          htmlInput: {
            'data-testid': 'match-search',
            inputMode: byId ? 'numeric' : 'text',
            maxLength: 500,
          },
        }}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={search.searchBy}
        onChange={(_event, value: SearchBy | null) => {
          if (value) search.setSearchBy(value);
        }}
        aria-label={t('match.search-by')}
      >
        <ToggleButton value="name" data-testid="match-by-name">
          {t('match.by-name')}
        </ToggleButton>
        <ToggleButton value="id" data-testid="match-by-id">
          {t('match.by-id')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Button
        type="submit"
        variant="contained"
        startIcon={<SearchRounded />}
        loading={search.searching}
        disabled={!search.searchable}
        data-testid="match-search-submit"
      >
        {t('match.search')}
      </Button>
    </Stack>
  );
}

import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export function SearchPage() {
  const { t } = useTranslation('gallery');
  const [params, setParams] = useSearchParams();
  const term = params.get('search_term') ?? '';
  const [draft, setDraft] = useState(term);
  const [lastTerm, setLastTerm] = useState(term);
  if (term !== lastTerm) {
    setLastTerm(term);
    setDraft(term);
  }
  return (
    <>
      <PageHeader
        title={t('search.title')}
        subtitle={t('search.subtitle')}
        icon={<SearchRounded />}
      />
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(draft.trim() ? { search_term: draft.trim() } : {});
        }}
      >
        <TextField
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('search.placeholder')}
          sx={{ mb: 3 }}
          slotProps={{
            htmlInput: {
              'aria-label': t('search.placeholder'),
              'data-testid': 'search-page-input',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
          }}
        />
      </form>
      <EmptyState
        testId="search-empty"
        icon={<SearchOffRounded />}
        title={term ? t('search.no-results', { term }) : t('search.start-title')}
        text={term ? t('search.no-results-text') : t('search.start-text')}
      />
    </>
  );
}

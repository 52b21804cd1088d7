import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import { alpha } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';

import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_INPUT_ID,
  SEARCH_PATH,
  withSearchParam,
} from '@/lib/search-url';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { normalizePath } from '../route-handle';

/**
 * The top bar's box, the app's one search. On the search page it shows the page's term and the
 * results follow it as you type (the platform and filters stay); elsewhere Enter opens the page.
 */
export function SearchBox() {
  const { t } = useTranslation('common');
  const goSearch = useNavigationStore((state) => state.goSearch);
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const onSearchPage = normalizePath(pathname) === SEARCH_PATH;
  const pageTerm = onSearchPage ? (params.get('search_term') ?? '') : null;
  const [draft, setDraft] = useState(pageTerm ?? '');
  const [lastPageTerm, setLastPageTerm] = useState(pageTerm);
  if (pageTerm !== lastPageTerm) {
    setLastPageTerm(pageTerm);
    if (pageTerm !== null) setDraft(pageTerm);
  }

  // Typed searches replace the history entry, so Back leaves the page instead of untyping.
  useEffect(() => {
    if (pageTerm === null || draft.trim() === pageTerm) return undefined;
    const timer = setTimeout(
      () =>
        setParams((current) => withSearchParam(current, 'search_term', draft), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, pageTerm, setParams]);

  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (pageTerm === null) goSearch(draft);
        else if (draft.trim() !== pageTerm) {
          setParams((current) => withSearchParam(current, 'search_term', draft));
        }
      }}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        height: 40,
        width: '100%',
        maxWidth: 520,
        borderRadius: 2.5,
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: alpha(theme.palette.text.primary, 0.04),
        '&:focus-within': { borderColor: theme.palette.primary.main },
      })}
    >
      <SearchRounded fontSize="small" sx={{ color: 'text.secondary' }} />
      <InputBase
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={t('search.placeholder')}
        sx={{ flex: 1, fontSize: 14 }}
        inputProps={{
          id: SEARCH_INPUT_ID,
          'aria-label': t('search.label'),
          'data-testid': 'app-search-input',
        }}
      />
    </Box>
  );
}

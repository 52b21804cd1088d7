import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';

import { useGalleryFilters } from '../use-gallery-filters';

import { Gallery } from './gallery';

/** How long typing must pause before the results follow the search box. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `current` with a new search term and platform; the filters stay. */
function searchParams(
  current: URLSearchParams,
  term: string,
  platformId: number | null,
): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('search_term');
  next.delete('platform_id');
  if (term.trim()) next.set('search_term', term.trim());
  if (platformId !== null) next.set('platform_id', String(platformId));
  return next;
}

export function SearchPage() {
  const { t } = useTranslation('gallery');
  const [params, setParams] = useSearchParams();
  const term = params.get('search_term') ?? '';
  const platformParam = params.get('platform_id') ?? '';
  const platformId = /^\d+$/.test(platformParam) ? Number(platformParam) : null;
  const [draft, setDraft] = useState(term);
  const [lastTerm, setLastTerm] = useState(term);
  if (term !== lastTerm) {
    setLastTerm(term);
    setDraft(term);
  }
  const platforms = usePlatformsQuery();
  const filtering = useGalleryFilters('search');

  const update = (nextTerm: string, nextPlatform: number | null) => {
    if (nextTerm.trim() === term && nextPlatform === platformId) return;
    setParams((current) => searchParams(current, nextTerm, nextPlatform));
  };

  // Search as you type: the results follow the box once typing pauses (Enter does not wait).
  // Typed searches replace the history entry, so Back leaves the page instead of untyping.
  useEffect(() => {
    if (draft.trim() === term) return undefined;
    const timer = setTimeout(
      () => setParams((current) => searchParams(current, draft, platformId), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, term, platformId, setParams]);

  const searching = term !== '' || platformId !== null || filtering.key !== '';

  return (
    <>
      <PageHeader
        title={t('search.title')}
        subtitle={t('search.subtitle')}
        icon={<SearchRounded />}
      />
      <Stack
        component="form"
        role="search"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 3 }}
        onSubmit={(event) => {
          event.preventDefault();
          update(draft, platformId);
        }}
      >
        <TextField
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // The platform select blocks the form's implicit submission; Enter searches anyway.
            if (event.key === 'Enter') {
              event.preventDefault();
              update(draft, platformId);
            }
          }}
          placeholder={t('search.placeholder')}
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
        <TextField
          select
          label={t('search.platform')}
          value={platformId === null ? '' : String(platformId)}
          onChange={(event) =>
            update(draft, event.target.value ? Number(event.target.value) : null)
          }
          sx={{ minWidth: { sm: 260 }, width: { xs: '100%', sm: 'auto' } }}
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'search-platform' },
          }}
        >
          <MenuItem value="">{t('search.all-platforms')}</MenuItem>
          {sortPlatforms(platforms.data ?? []).map((platform) => (
            <MenuItem key={platform.id} value={String(platform.id)}>
              {platform.display_name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {searching ? (
        <Gallery
          place={{ searchTerm: term, platformId }}
          showPlatform
          filtering={filtering}
          empty={
            <EmptyState
              testId="search-empty"
              icon={<SearchOffRounded />}
              title={term ? t('search.no-results', { term }) : t('search.no-results-platform')}
              text={t('search.no-results-text')}
            />
          }
        />
      ) : (
        <EmptyState
          testId="search-empty"
          icon={<SearchRounded />}
          title={t('search.start-title')}
          text={t('search.start-text')}
        />
      )}
    </>
  );
}

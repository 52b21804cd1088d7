import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { withSearchParam } from '@/lib/search-url';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';

import { useGalleryFilters } from '../use-gallery-filters';

import { Gallery } from './gallery';

export function SearchPage() {
  const { t } = useTranslation('gallery');
  const [params, setParams] = useSearchParams();
  const term = params.get('search_term') ?? '';
  const platformParam = params.get('platform_id') ?? '';
  const platformId = /^\d+$/.test(platformParam) ? Number(platformParam) : null;
  const platforms = usePlatformsQuery();
  const filtering = useGalleryFilters('search');

  const searching = term !== '' || platformId !== null || filtering.key !== '';

  return (
    <>
      <PageHeader
        title={t('search.title')}
        subtitle={t('search.subtitle')}
        icon={<SearchRounded />}
      />
      {/* The term comes from the top bar's box: the app has one search box. */}
      <Stack direction="row" sx={{ mb: 3 }}>
        <TextField
          select
          label={t('search.platform')}
          value={platformId === null ? '' : String(platformId)}
          onChange={(event) =>
            setParams((current) => withSearchParam(current, 'platform_id', event.target.value))
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

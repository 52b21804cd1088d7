import FolderSpecialRounded from '@mui/icons-material/FolderSpecialRounded';
import LibraryBooksRounded from '@mui/icons-material/LibraryBooksRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useConfigStore } from '@/shared/stores/config-store';

import { DatFilesCard } from './dat-files-card';
import { ExclusionsCard } from './exclusions-card';
import { ExportsCard } from './exports-card';
import { FolderMappings } from './folder-mappings';
import { MetadataSourcesPanel } from './metadata-sources-panel';
import { MissingGames } from './missing-games';

export function LibraryManagementPage() {
  const { t } = useTranslation('settings');
  const config = useConfigStore((state) => state.value);
  const editable = config !== null && config.CONFIG_FILE_MOUNTED && config.CONFIG_FILE_WRITABLE;
  return (
    <>
      <PageHeader
        title={t('library-management.title')}
        subtitle={t('library-management.subtitle')}
        icon={<LibraryBooksRounded />}
      />
      {config && !config.CONFIG_FILE_MOUNTED ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="config-not-mounted">
          {t('library-management.not-mounted')}
        </Alert>
      ) : null}
      {config && config.CONFIG_FILE_MOUNTED && !config.CONFIG_FILE_WRITABLE ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="config-read-only">
          {t('library-management.read-only')}
        </Alert>
      ) : null}
      {config?.CONFIG_FILE_PARSE_ERROR ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {t('library-management.parse-error', { error: config.CONFIG_FILE_PARSE_ERROR })}
        </Alert>
      ) : null}
      {config && config.CONFIG_FILE_INVALID_BINDINGS.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="config-invalid-bindings">
          {t('library-management.invalid-bindings')}
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, overflowWrap: 'anywhere' }}>
            {config.CONFIG_FILE_INVALID_BINDINGS.map((binding) => (
              <li key={`${binding.key}:${binding.folder}`}>
                {t('library-management.invalid-binding', binding)}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {config ? (
        <Stack spacing={2} sx={{ mb: 2 }}>
          <FolderMappings config={config} editable={editable} />
          <ExclusionsCard config={config} editable={editable} />
          <MissingGames />
          <DatFilesCard />
          <ExportsCard />
        </Stack>
      ) : (
        <EmptyState
          testId="library-management-empty"
          icon={<FolderSpecialRounded />}
          title={t('library-management.empty-title')}
          text={t('library-management.empty-text')}
        />
      )}
      <MetadataSourcesPanel />
    </>
  );
}

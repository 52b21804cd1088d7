import FolderSpecialRounded from '@mui/icons-material/FolderSpecialRounded';
import LibraryBooksRounded from '@mui/icons-material/LibraryBooksRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useConfigStore } from '@/shared/stores/config-store';

import { MetadataSourcesPanel } from './metadata-sources-panel';

export function LibraryManagementPage() {
  const { t } = useTranslation('settings');
  const config = useConfigStore((state) => state.value);
  const counts = config
    ? [
        { key: 'excluded-platforms', value: config.EXCLUDED_PLATFORMS.length },
        { key: 'excluded-extensions', value: config.EXCLUDED_SINGLE_EXT.length },
        {
          key: 'excluded-files',
          value: config.EXCLUDED_SINGLE_FILES.length + config.EXCLUDED_MULTI_FILES.length,
        },
        { key: 'platform-bindings', value: Object.keys(config.PLATFORMS_BINDING).length },
        { key: 'platform-versions', value: Object.keys(config.PLATFORMS_VERSIONS).length },
      ]
    : [];
  return (
    <>
      <PageHeader
        title={t('library-management.title')}
        subtitle={t('library-management.subtitle')}
        icon={<LibraryBooksRounded />}
      />
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
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, 1fr)',
              md: 'repeat(3, 1fr)',
              xl: 'repeat(5, 1fr)',
            },
          }}
        >
          {counts.map((item) => (
            <Card key={item.key}>
              <CardContent>
                <Typography variant="h4" component="p" color="primary">
                  {item.value}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`library-management.${item.key}`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
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

import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LibraryConfig } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PlatformPicker } from '@/components/platform-picker';
import { errorMessage } from '@/lib/api-client';
import { useSupportedPlatformsQuery } from '@/shared/api/platforms';

import { useConfigEditMutation } from '../api/library-config-edits';

type Section = 'platforms' | 'versions';

/**
 * Folder mappings of config.yml: an alias (`system.platforms`) says which platform a folder
 * holds, a variant (`system.versions`) makes a folder a version of a main platform.
 */
export function FolderMappings({ config, editable }: { config: LibraryConfig; editable: boolean }) {
  const { t } = useTranslation('settings');
  const edit = useConfigEditMutation();
  const supported = useSupportedPlatformsQuery();
  const [folder, setFolder] = useState('');
  const [platform, setPlatform] = useState('');
  const [section, setSection] = useState<Section>('platforms');
  const names = new Map((supported.data ?? []).map((item) => [item.slug, item.name]));
  const rows = [
    ...Object.entries(config.PLATFORMS_BINDING).map(([key, slug]) => ({
      folder: key,
      slug,
      section: 'platforms' as const,
    })),
    ...Object.entries(config.PLATFORMS_VERSIONS).map(([key, slug]) => ({
      folder: key,
      slug,
      section: 'versions' as const,
    })),
  ];
  const add = () => {
    if (platform === '' || folder.trim() === '') return;
    edit.mutate(
      { kind: 'add-binding', section, folder: folder.trim(), slug: platform },
      {
        onSuccess: () => {
          setFolder('');
          setPlatform('');
        },
      },
    );
  };
  return (
    <Card data-testid="folder-mappings">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('library-management.mappings-title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('library-management.mappings-text')}
        </Typography>
        {edit.error ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {errorMessage(edit.error)}
          </Alert>
        ) : null}
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('library-management.mappings-empty')}
          </Typography>
        ) : (
          <Stack spacing={0.5} sx={{ mb: 2 }}>
            {rows.map((row) => (
              <Stack
                key={`${row.section}:${row.folder}`}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', py: 0.5 }}
                data-testid={`mapping-${row.folder}`}
              >
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <strong>{row.folder}</strong> → {names.get(row.slug) ?? row.slug}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`library-management.type-${row.section}`)}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={t('library-management.remove', { value: row.folder })}
                  disabled={!editable || edit.isPending}
                  onClick={() =>
                    edit.mutate({
                      kind: 'remove-binding',
                      section: row.section,
                      folder: row.folder,
                    })
                  }
                >
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Stack>
            ))}
          </Stack>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr) 160px auto' },
          }}
        >
          <TextField
            size="small"
            label={t('library-management.folder')}
            value={folder}
            disabled={!editable}
            onChange={(event) => setFolder(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'mapping-folder' } }}
          />
          <PlatformPicker
            folder={folder}
            label={t('library-management.platform')}
            platforms={supported.data ?? []}
            value={platform}
            disabled={!editable}
            onChange={setPlatform}
            testId="mapping-platform"
          />
          <TextField
            select
            size="small"
            label={t('library-management.type')}
            value={section}
            disabled={!editable}
            onChange={(event) => setSection(event.target.value as Section)}
          >
            <MenuItem value="platforms">{t('library-management.type-platforms')}</MenuItem>
            <MenuItem value="versions">{t('library-management.type-versions')}</MenuItem>
          </TextField>
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            disabled={!editable || edit.isPending || platform === '' || folder.trim() === ''}
            onClick={add}
            data-testid="mapping-add"
          >
            {t('library-management.add')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

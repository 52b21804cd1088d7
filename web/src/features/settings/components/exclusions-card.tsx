import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXCLUSION_TYPES } from '@romshelf/contract';
import type { ExclusionType, LibraryConfig } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';

import { useConfigEditMutation } from '../api/library-config-edits';

function ExclusionRow({
  type,
  values,
  editable,
}: {
  type: ExclusionType;
  values: string[];
  editable: boolean;
}) {
  const { t } = useTranslation('settings');
  const edit = useConfigEditMutation();
  const [value, setValue] = useState('');
  const add = () => {
    if (value.trim() === '') return;
    edit.mutate(
      { kind: 'add-exclusion', type, value: value.trim() },
      { onSuccess: () => setValue('') },
    );
  };
  return (
    <Box
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      data-testid={`exclusion-${type}`}
    >
      <Typography variant="subtitle2">{t(`library-management.exclusion.${type}`)}</Typography>
      {edit.error ? (
        <Alert severity="error" sx={{ my: 1 }} role="alert">
          {errorMessage(edit.error)}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, my: 1 }}>
        {values.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('library-management.exclusion-none')}
          </Typography>
        ) : (
          values.map((item) => (
            <Chip
              key={item}
              size="small"
              label={item}
              onDelete={
                editable && !edit.isPending
                  ? () => edit.mutate({ kind: 'remove-exclusion', type, value: item })
                  : undefined
              }
            />
          ))
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: 420 }}>
        <TextField
          size="small"
          fullWidth
          label={t('library-management.exclusion-add')}
          value={value}
          disabled={!editable}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add();
          }}
        />
        <IconButton
          aria-label={t('library-management.add')}
          disabled={!editable || edit.isPending || value.trim() === ''}
          onClick={add}
        >
          <AddRounded />
        </IconButton>
      </Stack>
    </Box>
  );
}

/** The exclusion lists of config.yml by type, and the built-in ones (always applied). */
export function ExclusionsCard({ config, editable }: { config: LibraryConfig; editable: boolean }) {
  const { t } = useTranslation('settings');
  const defaults = [
    ...config.DEFAULT_EXCLUDED_DIRS,
    ...config.DEFAULT_EXCLUDED_FILES,
    ...config.DEFAULT_EXCLUDED_EXTENSIONS.map((ext) => `*.${ext}`),
  ];
  return (
    <Card data-testid="exclusions">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('library-management.exclusions-title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('library-management.exclusions-text')}
        </Typography>
        {EXCLUSION_TYPES.map((type) => (
          <ExclusionRow key={type} type={type} values={config[type]} editable={editable} />
        ))}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('library-management.defaults')}
        </Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1 }}
          data-testid="default-exclusions"
        >
          {defaults.map((item) => (
            <Chip key={item} size="small" variant="outlined" label={item} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

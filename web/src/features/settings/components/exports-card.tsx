import IosShareRounded from '@mui/icons-material/IosShareRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Platform } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ExportDialog } from '@/components/export-dialog';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';

/** Library management: export chosen platforms (all by default) for ES-DE or Pegasus. */
export function ExportsCard() {
  const { t } = useTranslation('platform');
  const platforms = usePlatformsQuery();
  const options = sortPlatforms(platforms.data ?? []).filter((item) => !item.missing_from_fs);
  const [chosen, setChosen] = useState<Platform[]>([]);
  const [open, setOpen] = useState(false);
  const selected = chosen.length > 0 ? chosen : options;
  return (
    <Card data-testid="exports-card">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('export.card-title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('export.card-text')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Autocomplete
            multiple
            size="small"
            sx={{ flex: 1, minWidth: 0 }}
            options={options}
            value={chosen}
            onChange={(_event, value) => setChosen(value)}
            getOptionLabel={(option) => option.display_name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('export.platforms')}
                placeholder={chosen.length === 0 ? t('export.all-platforms') : undefined}
              />
            )}
          />
          <Button
            variant="contained"
            startIcon={<IosShareRounded />}
            disabled={selected.length === 0}
            onClick={() => setOpen(true)}
            data-testid="exports-open"
          >
            {t('export.action')}
          </Button>
        </Stack>
      </CardContent>
      <ExportDialog
        open={open}
        onClose={() => setOpen(false)}
        platformIds={selected.map((item) => item.id)}
      />
    </Card>
  );
}

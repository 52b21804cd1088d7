import SportsEsportsRounded from '@mui/icons-material/SportsEsportsRounded';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { useRomQuery } from '../api/rom';
import { RomLoadState } from './rom-state';

export function RomDetailsPage() {
  const { t } = useTranslation('rom');
  const { rom = '' } = useParams();
  const query = useRomQuery(rom);
  useEffect(() => {
    // SPEC §2: a failure to load the ROM is only logged.
    if (query.error) console.error('Could not load ROM', rom, query.error);
  }, [query.error, rom]);
  return (
    <>
      <PageHeader
        title={query.data?.name ?? query.data?.fs_name ?? t('rom.title')}
        subtitle={t('rom.subtitle', { id: rom })}
        icon={<SportsEsportsRounded />}
      />
      {query.data ? (
        <Card>
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              {t('rom.file-name')}
            </Typography>
            <Typography>{query.data.fs_name}</Typography>
          </CardContent>
        </Card>
      ) : (
        <RomLoadState loading={query.isPending} error={query.error} />
      )}
    </>
  );
}

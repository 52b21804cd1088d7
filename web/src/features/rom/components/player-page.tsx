import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ExtensionRounded from '@mui/icons-material/ExtensionRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export type PlayerKind = 'ejs' | 'ruffle';

/** The in-browser players (EmulatorJS and Ruffle); emulation arrives with its own issue. */
export function PlayerPage({ kind }: { kind: PlayerKind }) {
  const { t } = useTranslation('play');
  const { rom = '' } = useParams();
  const icon = kind === 'ejs' ? <VideogameAssetRounded /> : <ExtensionRounded />;
  return (
    <>
      <PageHeader
        title={t(`${kind}.title`)}
        subtitle={t(`${kind}.subtitle`, { id: rom })}
        icon={icon}
      />
      <EmptyState
        testId="player-unavailable"
        icon={icon}
        title={t('player.unavailable-title')}
        text={t('player.unavailable-text')}
        action={
          <Button
            component={RouterLink}
            to={`/rom/${encodeURIComponent(rom)}`}
            variant="outlined"
            startIcon={<ArrowBackRounded />}
          >
            {t('player.back-to-details')}
          </Button>
        }
      />
    </>
  );
}

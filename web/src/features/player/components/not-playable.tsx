import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BlockRounded from '@mui/icons-material/BlockRounded';
import Button from '@mui/material/Button';
import type { NotPlayableReason } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { playReasonKey } from '@/lib/playability';

/** Why the game does not start, with a way back to its details page. */
export function NotPlayable({ romId, reason }: { romId: string; reason: NotPlayableReason }) {
  const { t } = useTranslation('play');
  return (
    <EmptyState
      testId="player-not-playable"
      icon={<BlockRounded />}
      title={t('player.unavailable-title')}
      text={t(playReasonKey(reason))}
      action={
        <Button
          href={`/rom/${encodeURIComponent(romId)}`}
          variant="outlined"
          startIcon={<ArrowBackRounded />}
        >
          {t('player.back-to-details')}
        </Button>
      }
    />
  );
}

import AlbumRounded from '@mui/icons-material/AlbumRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { isLooseDisc } from '@/lib/version-tags';
import type { LooseDiscCandidate } from '@/lib/version-tags';
import { useCombineDiscs } from '@/shared/api/combine-discs';
import { useHasScopes } from '@/shared/stores/use-scopes';

/**
 * "Combine discs" over the bottom of a loose disc's cover (`… (Disc 2).chd`, no playlist), for
 * editors: one click writes the game's `.m3u` and its discs become one game. The strip has the
 * cover's shape, so the button sits on the cover whatever the card's width.
 */
export function CombineDiscsButton(props: CombineDiscsProps) {
  // Asked before any hook: nearly every card is no loose disc and needs none of them.
  return isLooseDisc(props.rom) ? <LooseDiscButton {...props} /> : null;
}

interface CombineDiscsProps {
  rom: LooseDiscCandidate & { id: number };
  compact: boolean;
}

function LooseDiscButton({ rom, compact }: CombineDiscsProps) {
  const { t } = useTranslation('gallery');
  const canWrite = useHasScopes('roms.write');
  const combine = useCombineDiscs();
  if (!canWrite) return null;
  const failure = combine.isError ? errorMessage(combine.error) : null;
  const inset = compact ? 4 : 6;
  return (
    <Box
      sx={{
        position: 'absolute',
        top: inset,
        left: inset,
        right: inset,
        aspectRatio: '2 / 3',
        display: 'flex',
        alignItems: 'flex-end',
        justifyContent: 'center',
        pb: compact ? 4 : 1,
        pointerEvents: 'none',
      }}
    >
      <Tooltip title={failure ?? t('card.combine-discs-hint')}>
        <Button
          size="small"
          variant="contained"
          color={failure === null ? 'primary' : 'error'}
          startIcon={compact ? undefined : <AlbumRounded />}
          disabled={combine.isPending}
          onClick={() => combine.mutate(rom.id)}
          data-testid="rom-card-combine-discs"
          sx={{
            pointerEvents: 'auto',
            whiteSpace: 'nowrap',
            minWidth: 0,
            px: compact ? 1 : 1.5,
            fontSize: compact ? 11 : 12,
            boxShadow: '0 4px 12px rgba(0,0,0,0.35)',
          }}
        >
          {t('card.combine-discs')}
        </Button>
      </Tooltip>
    </Box>
  );
}

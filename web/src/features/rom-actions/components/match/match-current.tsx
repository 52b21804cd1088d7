import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import type { MatchSource } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { ActionRom } from '@/components/rom-actions-context';

import { matchedSources, SOURCE_NAMES } from '../../match-candidates';

/** The sources the game is matched with, each with a way to unmatch it, and "unmatch all". */
export function MatchCurrent({
  rom,
  busy,
  onUnmatch,
}: {
  rom: ActionRom;
  busy: boolean;
  onUnmatch: (source?: MatchSource) => void;
}) {
  const { t } = useTranslation('rom');
  const matches = matchedSources(rom);
  return (
    <Box data-testid="match-current">
      <Typography variant="overline" color="text.secondary">
        {t('match.current')}
      </Typography>
      {matches.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="match-none">
          {t('match.current-none')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {matches.map((entry) => (
            <Chip
              key={entry.source}
              label={t('match.source-id', {
                source: SOURCE_NAMES[entry.source],
                id: entry.id,
              })}
              onDelete={busy ? undefined : () => onUnmatch(entry.source)}
              deleteIcon={
                <LinkOffRounded
                  aria-label={t('match.unmatch-one', { source: SOURCE_NAMES[entry.source] })}
                  data-testid={`match-unmatch-${entry.source}`}
                />
              }
            />
          ))}
          <Button
            size="small"
            color="error"
            startIcon={<LinkOffRounded />}
            disabled={busy}
            onClick={() => onUnmatch()}
            data-testid="match-unmatch-all"
          >
            {t('match.unmatch-all')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

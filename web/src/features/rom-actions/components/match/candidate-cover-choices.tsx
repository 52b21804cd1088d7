import type { SearchRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { candidateCovers, SOURCE_NAMES } from '../../match-candidates';

/** The candidate's covers, one per source, when there is more than one to choose from. */
export function CandidateCoverChoices({
  candidate,
  cover,
  onCover,
}: {
  candidate: SearchRom;
  cover: string | null;
  onCover: (url: string) => void;
}) {
  const { t } = useTranslation('rom');
  const covers = candidateCovers(candidate);
  if (covers.length <= 1) return null;
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {t('match.cover')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {covers.map((entry) => (
          <ButtonBase
            key={entry.url}
            onClick={() => onCover(entry.url)}
            aria-pressed={cover === entry.url}
            aria-label={t('match.cover-pick', { source: SOURCE_NAMES[entry.source] })}
            data-testid={`match-cover-${entry.source}`}
            sx={(theme) => ({
              width: 64,
              borderRadius: '8px',
              overflow: 'hidden',
              outline:
                cover === entry.url
                  ? `2px solid ${theme.palette.primary.main}`
                  : `1px solid ${theme.palette.divider}`,
              outlineOffset: 1,
            })}
          >
            <Box
              component="img"
              src={entry.url}
              alt=""
              loading="lazy"
              referrerPolicy="no-referrer"
              width={64}
              height={96}
              sx={{ display: 'block', objectFit: 'cover', bgcolor: 'action.hover' }}
            />
          </ButtonBase>
        ))}
      </Stack>
    </Box>
  );
}

import type { MatchSource, SearchRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { GameCover } from '@/components/game-cover';
import { PlatformIcon } from '@/components/platform-icon';
import type { ActionRom } from '@/components/rom-actions-context';

import { candidateSources, SOURCE_NAMES, titleFileName } from '../../match-candidates';
import { CandidateCoverChoices } from './candidate-cover-choices';

/** The chosen candidate: which of its sources to apply. */
export function ConfirmCandidate({
  rom,
  candidate,
  chosen,
  onToggle,
  cover,
  onCover,
  rename,
  onRename,
}: {
  rom: ActionRom;
  candidate: SearchRom;
  chosen: ReadonlySet<MatchSource>;
  onToggle: (source: MatchSource) => void;
  cover: string | null;
  onCover: (url: string) => void;
  rename: boolean;
  onRename: (rename: boolean) => void;
}) {
  const { t } = useTranslation('rom');
  const newName = titleFileName(rom, candidate.name);
  return (
    <Box
      data-testid="match-confirm"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '120px 1fr', sm: '180px 1fr' },
        gap: { xs: 2, sm: 3 },
        alignItems: 'start',
      }}
    >
      <GameCover
        rom={{
          name: candidate.name,
          fs_name: rom.fs_name,
          path_cover_small: cover ?? '',
          platform_slug: rom.platform_slug,
          platform_display_name: rom.platform_display_name,
        }}
        radius={12}
      />
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="p" sx={{ lineHeight: 1.25 }}>
          {candidate.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PlatformIcon
            platform={{ slug: rom.platform_slug, name: rom.platform_display_name }}
            size={22}
          />
          <Typography variant="body2" color="text.secondary">
            {rom.platform_display_name}
          </Typography>
        </Stack>
        {candidate.summary ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 5,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {candidate.summary}
          </Typography>
        ) : null}
        <Box>
          <Typography variant="overline" color="text.secondary">
            {t('match.apply-sources')}
          </Typography>
          <Stack>
            {candidateSources(candidate).map((entry) => (
              <FormControlLabel
                key={entry.source}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.has(entry.source)}
                    onChange={() => onToggle(entry.source)}
                    slotProps={{
                      input: { 'data-testid': `match-source-${entry.source}` } as object,
                    }}
                  />
                }
                label={
                  <Typography variant="body2">
                    {t('match.source-id', { source: SOURCE_NAMES[entry.source], id: entry.id })}
                  </Typography>
                }
              />
            ))}
          </Stack>
        </Box>
        <CandidateCoverChoices candidate={candidate} cover={cover} onCover={onCover} />
        {newName !== rom.fs_name ? (
          <FormControlLabel
            sx={{ alignItems: 'flex-start' }}
            control={
              <Checkbox
                size="small"
                checked={rename}
                onChange={(event) => onRename(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'match-rename' } as object }}
              />
            }
            label={
              <Box sx={{ pt: 0.75, minWidth: 0 }}>
                <Typography variant="body2">{t('match.rename')}</Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  data-testid="match-rename-preview"
                  sx={{
                    fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                    wordBreak: 'break-all',
                  }}
                >
                  {t('match.rename-preview', { from: rom.fs_name, to: newName })}
                </Typography>
              </Box>
            }
          />
        ) : null}
      </Stack>
    </Box>
  );
}

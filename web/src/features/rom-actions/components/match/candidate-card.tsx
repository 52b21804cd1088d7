import type { SearchRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';

import { GameCover } from '@/components/game-cover';
import type { ActionRom } from '@/components/rom-actions-context';

import { candidateCover, candidateSources, SOURCE_NAMES } from '../../match-candidates';

/** One search result: its cover, name and sources; picking it opens the confirmation. */
export function CandidateCard({
  rom,
  candidate,
  onPick,
}: {
  rom: ActionRom;
  candidate: SearchRom;
  onPick: () => void;
}) {
  const cover = candidateCover(candidate) ?? '';
  return (
    <ButtonBase
      onClick={onPick}
      data-testid="match-candidate"
      data-name={candidate.name}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        textAlign: 'left',
        borderRadius: '14px',
        p: 1,
        gap: 1,
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover, &.Mui-focusVisible': {
          borderColor: theme.palette.primary.main,
          bgcolor: alpha(theme.palette.primary.main, 0.08),
        },
      })}
    >
      <GameCover
        rom={{
          name: candidate.name,
          fs_name: rom.fs_name,
          path_cover_small: cover,
          platform_slug: rom.platform_slug,
          platform_display_name: rom.platform_display_name,
        }}
        radius={10}
      />
      <Typography
        variant="body2"
        sx={{
          fontWeight: 700,
          lineHeight: 1.25,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {candidate.name}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {candidateSources(candidate).map((entry) => (
          <Chip
            key={entry.source}
            size="small"
            label={SOURCE_NAMES[entry.source]}
            sx={{ height: 20, fontSize: 11 }}
          />
        ))}
      </Stack>
    </ButtonBase>
  );
}

export function CandidateSkeletons() {
  return (
    <>
      {Array.from({ length: 6 }, (_, index) => (
        <Box key={index} sx={{ p: 1 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '2 / 3', height: 'auto' }} />
          <Skeleton width="80%" />
          <Skeleton width="40%" />
        </Box>
      ))}
    </>
  );
}

import type { SearchCoverResult } from '@romshelf/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** One SteamGridDB game of the cover search and its grids; a click picks one. */
export function CoverSearchGame({
  game,
  onPick,
}: {
  game: SearchCoverResult;
  onPick: (url: string) => void;
}) {
  const { t } = useTranslation('rom');
  return (
    <Box data-testid="cover-search-game">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {game.name}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
          gap: 1.5,
        }}
      >
        {game.resources.map((resource) => (
          <ButtonBase
            key={resource.url}
            data-testid="cover-search-result"
            aria-label={t('cover-search.pick', {
              author: resource.author,
              width: resource.width,
              height: resource.height,
            })}
            onClick={() => onPick(resource.url)}
            sx={(theme) => ({
              display: 'block',
              borderRadius: '10px',
              overflow: 'hidden',
              outline: `1px solid ${theme.palette.divider}`,
              '&:hover, &.Mui-focusVisible': {
                outline: `2px solid ${theme.palette.primary.main}`,
              },
            })}
          >
            <Box
              component="img"
              src={resource.thumb}
              alt=""
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
              width={resource.width}
              height={resource.height}
              sx={{
                display: 'block',
                width: '100%',
                height: 'auto',
                aspectRatio: '2 / 3',
                objectFit: 'cover',
                bgcolor: 'action.hover',
              }}
            />
          </ButtonBase>
        ))}
      </Box>
    </Box>
  );
}

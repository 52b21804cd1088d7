import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The watch page of a video on the configured video site (heartbeat FRONTEND.YOUTUBE_BASE_URL). */
function videoUrl(baseUrl: string, videoId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/watch?v=${encodeURIComponent(videoId)}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The trailer as a link that opens the video site in a new tab. Not an embed: the page's CSP only
 * frames a fixed list of hosts, while the base URL is configurable; a link also sends nothing to
 * the video site until it is clicked.
 */
export function RomVideo({
  baseUrl,
  videoId,
  poster,
}: {
  baseUrl: string;
  videoId: string;
  poster: string | null;
}) {
  const { t } = useTranslation('rom');
  const href = videoUrl(baseUrl, videoId);
  return (
    <ButtonBase
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      focusRipple
      data-testid="rom-video"
      aria-label={t('media.watch-label', { host: hostOf(baseUrl) })}
      sx={{
        position: 'relative',
        display: 'flex',
        width: '100%',
        minHeight: 96,
        justifyContent: 'flex-start',
        borderRadius: '12px',
        overflow: 'hidden',
        outline: 1,
        outlineColor: 'divider',
        color: 'common.white',
        textAlign: 'left',
        background: poster
          ? `linear-gradient(90deg, rgba(0,0,0,0.85) 0%, rgba(0,0,0,0.55) 60%, rgba(0,0,0,0.35) 100%), center / cover no-repeat url("${poster}")`
          : 'linear-gradient(120deg, #2a1115 0%, #121722 100%)',
        '& .play': { transition: 'transform 150ms ease' },
        '&:hover .play, &.Mui-focusVisible .play': { transform: 'scale(1.08)' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, p: 2, minWidth: 0 }}>
        <Box
          className="play"
          sx={{
            flex: 'none',
            display: 'grid',
            placeItems: 'center',
            width: 52,
            height: 52,
            borderRadius: '50%',
            bgcolor: 'error.main',
            boxShadow: '0 6px 18px rgba(0,0,0,0.45)',
          }}
        >
          <PlayArrowRounded sx={{ fontSize: 32 }} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            component="span"
            sx={{ display: 'block', fontWeight: 700 }}
          >
            {t('media.watch')}
          </Typography>
          <Typography
            variant="caption"
            component="span"
            sx={{ display: 'block', opacity: 0.8, overflowWrap: 'anywhere' }}
          >
            {t('media.watch-hint', { host: hostOf(baseUrl) })}
          </Typography>
        </Box>
      </Stack>
    </ButtonBase>
  );
}

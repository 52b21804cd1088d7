import DeleteRounded from '@mui/icons-material/DeleteRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import type { DetailedRom, SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { GameCover } from '@/components/game-cover';
import { romContentUrl, startDownload } from '@/lib/download';
import { formatBytes } from '@/lib/format';
import { playReasonKey, usePlayability } from '@/lib/playability';
import { useKioskVisitor } from '@/shared/stores/kiosk';

import { RomPatchButton } from './rom-patch-button';
import { RomShareLink } from './rom-share-link';

/** What an editor can do from the side column; left out for viewers and until details load. */
export interface RomEditActions {
  match: () => void;
  edit: () => void;
  remove: () => void;
}

function EditButtons({ actions }: { actions: RomEditActions }) {
  const { t } = useTranslation('rom');
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<TravelExploreRounded />}
        onClick={actions.match}
        data-testid="rom-match"
      >
        {t('match.button')}
      </Button>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          startIcon={<EditRounded />}
          onClick={actions.edit}
          data-testid="rom-edit"
          sx={{ flex: 1 }}
        >
          {t('actions.edit')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteRounded />}
          onClick={actions.remove}
          data-testid="rom-delete"
          sx={{ flex: 1 }}
        >
          {t('actions.delete')}
        </Button>
      </Stack>
    </>
  );
}

/** The cover with the play and download buttons under it, and the editor's actions. */
export function RomSideColumn({
  rom,
  actions,
}: {
  rom: SimpleRom | DetailedRom;
  actions?: RomEditActions;
}) {
  const { t } = useTranslation(['rom', 'play']);
  const playability = usePlayability(rom);
  const kiosk = useKioskVisitor();
  return (
    <Stack
      spacing={2}
      sx={{ maxWidth: { xs: 260, md: 'none' }, mx: { xs: 'auto', md: 0 }, width: '100%' }}
    >
      <Box
        sx={{
          position: 'relative',
          boxShadow: '0 18px 48px rgba(0,0,0,0.45)',
          borderRadius: '16px',
        }}
      >
        <GameCover rom={rom} large radius={16} />
      </Box>
      {playability?.reason === null ? (
        // A full page load: the EmulatorJS player is served cross-origin isolated.
        <Button
          variant="contained"
          size="large"
          color="success"
          startIcon={<PlayArrowRounded />}
          href={playability.href}
          data-testid="play-rom"
        >
          {t('play:prelaunch.play')}
        </Button>
      ) : playability ? (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textAlign: 'center' }}
          data-testid="play-unavailable"
        >
          {t(playReasonKey(playability.reason))}
        </Typography>
      ) : null}
      {kiosk.visitor ? null : (
        <>
          <Button
            variant="contained"
            size="large"
            startIcon={<DownloadRounded />}
            data-testid="download-rom"
            onClick={() => startDownload(romContentUrl(rom))}
          >
            {t('details.download')}
          </Button>
          <RomShareLink rom={rom} />
        </>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {rom.files.length > 1
          ? t('details.download-zip', {
              count: rom.files.length,
              size: formatBytes(rom.fs_size_bytes),
            })
          : formatBytes(rom.fs_size_bytes)}
      </Typography>
      <RomPatchButton rom={rom} />
      {actions ? <EditButtons actions={actions} /> : null}
    </Stack>
  );
}

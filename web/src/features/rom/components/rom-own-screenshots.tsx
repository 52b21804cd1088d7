import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import PublicOffRounded from '@mui/icons-material/PublicOffRounded';
import type { DetailedRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { FileButton } from '@/components/file-button';
import { errorMessage } from '@/lib/api-client';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { romFileUrl } from '../api/manuals';
import { useScreenshotActions } from '../api/screenshots';

interface Tile {
  key: string;
  name: string;
  src: string;
  /** Shared with everyone (own gallery screenshots), null when it has no such choice. */
  shared: boolean | null;
  onShare?: () => void;
  onRemove: () => void;
}

function ShotTile({ tile }: { tile: Tile }) {
  const { t } = useTranslation('rom');
  return (
    <Box data-testid="own-screenshot" data-name={tile.name} sx={{ width: 132 }}>
      <Box
        component="img"
        src={tile.src}
        alt={tile.name}
        loading="lazy"
        sx={{
          width: 132,
          height: 74,
          objectFit: 'cover',
          borderRadius: 1,
          display: 'block',
          bgcolor: 'action.hover',
        }}
      />
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="caption" noWrap title={tile.name} sx={{ flex: 1, minWidth: 0 }}>
          {tile.name}
        </Typography>
        {tile.shared !== null ? (
          <Tooltip title={tile.shared ? t('carried.unshare') : t('carried.share')}>
            <IconButton
              size="small"
              aria-label={`${tile.shared ? t('carried.unshare') : t('carried.share')}: ${tile.name}`}
              aria-pressed={tile.shared}
              onClick={tile.onShare}
              data-testid="own-screenshot-share"
            >
              {tile.shared ? (
                <PublicRounded fontSize="small" />
              ) : (
                <PublicOffRounded fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
        ) : null}
        <IconButton
          size="small"
          color="error"
          aria-label={t('carried.remove', { name: tile.name })}
          onClick={tile.onRemove}
          data-testid="own-screenshot-remove"
        >
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}

/**
 * The screenshots the caller may change: their own gallery screenshots (add through the upload
 * tray, share, remove) and, for library editors, the screenshot files in the game's folder.
 */
export function RomOwnScreenshots({
  rom,
  onChange,
}: {
  rom: DetailedRom;
  onChange: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const canAdd = useHasScopes('assets.write');
  const canEditGame = useHasScopes('roms.write');
  const actions = useScreenshotActions(rom.id, onChange);
  const tiles: Tile[] = [];
  for (const shot of rom.user_screenshots.filter((entry) => entry.is_gallery)) {
    tiles.push({
      key: `shot-${String(shot.id)}`,
      name: shot.file_name,
      src: shot.download_path,
      shared: shot.is_public,
      onShare: () => actions.share.mutate({ id: shot.id, isPublic: !shot.is_public }),
      onRemove: () => actions.remove.mutate(shot.id),
    });
  }
  if (canEditGame) {
    for (const file of rom.files.filter((entry) => entry.category === 'screenshot')) {
      tiles.push({
        key: `file-${String(file.id)}`,
        name: file.file_name,
        src: romFileUrl(file),
        shared: null,
        onRemove: () => actions.removeFile.mutate(file.id),
      });
    }
  }
  if (!canAdd && tiles.length === 0) return null;
  const failed = [actions.add, actions.share, actions.remove, actions.removeFile].find(
    (action) => action.error !== null,
  );
  return (
    <Box data-testid="own-screenshots">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('carried.your-screenshots')}
        </Typography>
        {canAdd ? (
          <FileButton
            size="small"
            startIcon={<AddPhotoAlternateRounded />}
            accept="image/png,image/jpeg,image/webp,image/gif"
            multiple
            inputTestId="screenshot-input"
            onFiles={(files) => {
              if (files.length > 0) actions.add.mutate(files);
            }}
          >
            {t('carried.add-screenshots')}
          </FileButton>
        ) : null}
      </Stack>
      {tiles.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {tiles.map((tile) => (
            <ShotTile key={tile.key} tile={tile} />
          ))}
        </Box>
      ) : null}
      {failed?.error ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="screenshot-error">
          {errorMessage(failed.error)}
        </Alert>
      ) : null}
    </Box>
  );
}

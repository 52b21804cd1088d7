import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Dat, Platform } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { formatBytes, formatDateTime } from '@/lib/format';

import { useRebindDatMutation, useRemoveDatMutation } from '../api/dats';

const NO_PLATFORM = 'none';

/** One imported DAT: what it is, the platform it is bound to (editable), and removal. */
export function DatFileRow({ dat, platforms }: { dat: Dat; platforms: readonly Platform[] }) {
  const { t } = useTranslation('settings');
  const rebind = useRebindDatMutation();
  const remove = useRemoveDatMutation();
  const details = [
    dat.header_name === dat.name ? null : dat.header_name,
    dat.version === null ? null : t('dats.version', { version: dat.version }),
    t('dats.counts', { games: dat.game_count, roms: dat.rom_count }),
    dat.source === 'folder' ? t('dats.from-folder', { path: dat.source_path }) : dat.file_name,
    formatBytes(dat.file_size_bytes),
    t('dats.imported', { when: formatDateTime(dat.imported_at) }),
  ].filter((part) => part !== null);
  return (
    <Box
      component="li"
      data-testid={`dat-${String(dat.id)}`}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {dat.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details.join(' · ')}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        sx={{ flex: '0 1 14rem', minWidth: 0, width: { xs: '100%', sm: 'auto' } }}
        label={t('dats.platform')}
        value={dat.platform_id === null ? NO_PLATFORM : String(dat.platform_id)}
        disabled={rebind.isPending}
        onChange={(event) =>
          rebind.mutate({
            id: dat.id,
            platformId: event.target.value === NO_PLATFORM ? null : Number(event.target.value),
          })
        }
        slotProps={{ htmlInput: { 'data-testid': `dat-platform-${String(dat.id)}` } }}
      >
        <MenuItem value={NO_PLATFORM}>{t('dats.no-platform')}</MenuItem>
        {platforms.map((platform) => (
          <MenuItem key={platform.id} value={String(platform.id)}>
            {platform.display_name}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={t('dats.remove')}>
        <span>
          <IconButton
            aria-label={t('dats.remove-named', { name: dat.name })}
            disabled={remove.isPending}
            onClick={() => remove.mutate(dat.id)}
            data-testid={`dat-remove-${String(dat.id)}`}
          >
            <DeleteOutlineRounded />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

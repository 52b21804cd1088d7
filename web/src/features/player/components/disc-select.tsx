import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { RomFile } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { discNumber, isPlaylist } from '../discs';

/** The Disc select of a multi-disc game; nothing when the whole game boots (`value` null). */
export function DiscSelect({
  discs,
  value,
  onChange,
}: {
  discs: readonly RomFile[];
  value: RomFile | null;
  onChange: (disc: RomFile) => void;
}) {
  const { t } = useTranslation('play');
  if (value === null) return null;
  const detail = (file: RomFile) => {
    const number = discNumber(file.file_name);
    if (isPlaylist(file)) return t('prelaunch.disc-playlist');
    return number === null ? null : t('prelaunch.disc-number', { number });
  };
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id="player-disc-label">{t('prelaunch.disc')}</InputLabel>
      <Select
        labelId="player-disc-label"
        label={t('prelaunch.disc')}
        value={String(value.id)}
        data-testid="player-disc"
        onChange={(event) => {
          const disc = discs.find((file) => String(file.id) === event.target.value);
          if (disc !== undefined) onChange(disc);
        }}
        renderValue={() => value.file_name}
        // Long file names wrap rather than hide the disc number at their end.
        sx={{
          '& .MuiSelect-select.MuiSelect-select': {
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
          },
        }}
        MenuProps={{ slotProps: { paper: { sx: { maxWidth: 'min(480px, calc(100vw - 32px))' } } } }}
      >
        {discs.map((file) => (
          <MenuItem
            key={file.id}
            value={String(file.id)}
            data-testid="player-disc-option"
            sx={{ whiteSpace: 'normal' }}
          >
            <ListItemText
              primary={file.file_name}
              secondary={detail(file)}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

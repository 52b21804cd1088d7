import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import type { DetailedRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorMessage } from '@/lib/api-client';

import { useMakeDefaultVersionMutation } from '../api/personal-data';
import { Section } from './section';

/**
 * The versions of a game (same platform, a shared metadata id): a switcher to open another one,
 * and "set as default version", the caller's own choice of the version galleries show for it.
 */
export function RomVersions({
  rom,
  onChange,
}: {
  rom: DetailedRom;
  onChange: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const navigate = useNavigate();
  const makeDefault = useMakeDefaultVersionMutation(rom, onChange);
  if (rom.sibling_roms.length === 0) return null;
  const versions = [
    { id: rom.id, label: rom.fs_name_no_ext, main: rom.rom_user.is_main_sibling },
    ...rom.sibling_roms.map((version) => ({
      id: version.id,
      label: version.fs_name_no_ext,
      main: version.is_main_sibling,
    })),
  ].sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Section
      title={t('versions.title')}
      aside={<Chip size="small" label={versions.length} />}
      testId="rom-versions"
    >
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: 'stretch' }}>
          <TextField
            select
            size="small"
            label={t('versions.switch')}
            value={rom.id}
            onChange={(event) => void navigate(`/rom/${event.target.value}`)}
            slotProps={{ htmlInput: { 'data-testid': 'rom-version-switcher' } }}
            sx={{ flex: 1, minWidth: 0 }}
          >
            {versions.map((version) => (
              <MenuItem key={version.id} value={version.id} data-testid="rom-version-option">
                {version.main ? `${version.label} · ${t('versions.default')}` : version.label}
              </MenuItem>
            ))}
          </TextField>
          {rom.rom_user.is_main_sibling ? (
            <Chip
              color="primary"
              icon={<CheckCircleRounded />}
              label={t('versions.isDefault')}
              data-testid="rom-version-is-default"
              sx={{ alignSelf: 'center' }}
            />
          ) : (
            <Button
              variant="outlined"
              onClick={() => makeDefault.mutate()}
              disabled={makeDefault.isPending}
              data-testid="rom-version-set-default"
            >
              {t('versions.setDefault')}
            </Button>
          )}
        </Stack>
        {makeDefault.isError ? (
          <Alert severity="error">{errorMessage(makeDefault.error)}</Alert>
        ) : null}
      </Stack>
    </Section>
  );
}

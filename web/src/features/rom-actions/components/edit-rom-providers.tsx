import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { RomEdit } from '../api/rom-edit';
import type { ChangeEdit } from './edit-rom-cover';

const PROVIDERS = [
  { key: 'igdb_id', label: 'IGDB' },
  { key: 'moby_id', label: 'MobyGames' },
  { key: 'ss_id', label: 'ScreenScraper' },
  { key: 'launchbox_id', label: 'LaunchBox' },
] as const;

/** The metadata provider ids of the edit dialog, and "unmatch", which clears them all. */
export function EditRomProviders({ edit, change }: { edit: RomEdit; change: ChangeEdit }) {
  const { t } = useTranslation('rom');
  return (
    <>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {t('edit.providers')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
            gap: 1.5,
            mt: 0.5,
          }}
        >
          {PROVIDERS.map((provider) => (
            <TextField
              key={provider.key}
              size="small"
              label={provider.label}
              value={edit.unmatch_metadata ? '' : edit[provider.key]}
              disabled={edit.unmatch_metadata}
              onChange={(event) => change(provider.key, event.target.value.replace(/[^\d]/g, ''))}
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  'data-testid': `edit-${provider.key}`,
                },
              }}
            />
          ))}
        </Box>
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={edit.unmatch_metadata}
            onChange={(event) => change('unmatch_metadata', event.target.checked)}
            data-testid="edit-unmatch"
          />
        }
        label={
          <Box>
            <Typography variant="body2">{t('edit.unmatch')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('edit.unmatch-hint')}
            </Typography>
          </Box>
        }
      />
    </>
  );
}

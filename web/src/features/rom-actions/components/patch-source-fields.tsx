import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { PATCH_FILE_EXTENSIONS } from '@romshelf/contract';
import type { PatchCandidate } from '@romshelf/contract';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { formatBytes } from '@/lib/format';

/** Where the patch comes from: a library patch file (by id) or a file picked on this device. */
export type PatchSource =
  { kind: 'library'; fileId: number | null } | { kind: 'upload'; file: File | null };

/** The patch picker: the library's patches for the game, or an upload. */
export function PatchSourceFields({
  candidates,
  source,
  onChange,
  disabled,
}: {
  candidates: readonly PatchCandidate[];
  source: PatchSource;
  onChange: (source: PatchSource) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('rom');
  return (
    <Stack spacing={1.5}>
      <RadioGroup
        row
        aria-label={t('patch.source')}
        value={source.kind}
        onChange={(event) =>
          onChange(
            event.target.value === 'library'
              ? { kind: 'library', fileId: candidates[0]?.file_id ?? null }
              : { kind: 'upload', file: null },
          )
        }
      >
        <FormControlLabel
          value="library"
          control={<Radio />}
          label={t('patch.from-library')}
          disabled={disabled}
        />
        <FormControlLabel
          value="upload"
          control={<Radio />}
          label={t('patch.from-device')}
          disabled={disabled}
        />
      </RadioGroup>
      {source.kind === 'library' ? (
        candidates.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="patch-none">
            {t('patch.none-in-library')}
          </Typography>
        ) : (
          <TextField
            select
            label={t('patch.patch-file')}
            value={source.fileId ?? ''}
            disabled={disabled}
            onChange={(event) => onChange({ kind: 'library', fileId: Number(event.target.value) })}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'patch-library-select' } as object },
            }}
          >
            {candidates.map((candidate) => (
              <MenuItem key={candidate.file_id} value={candidate.file_id}>
                {candidate.file_name} · {formatBytes(candidate.file_size_bytes)}
              </MenuItem>
            ))}
          </TextField>
        )
      ) : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFileRounded />}
            disabled={disabled}
          >
            {t('patch.choose-file')}
            <input
              hidden
              type="file"
              data-testid="patch-file-input"
              accept={PATCH_FILE_EXTENSIONS.join(',')}
              onChange={(event) =>
                onChange({ kind: 'upload', file: event.target.files?.[0] ?? null })
              }
            />
          </Button>
          <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
            {source.file?.name ?? t('patch.no-file')}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DriveFileRenameOutlineRounded from '@mui/icons-material/DriveFileRenameOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DatStatus, RomDatVerdict } from '@romshelf/contract';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { useDatRenameMutation, useRomDatVerificationQuery } from '../api/dat-verification';

const LOOKS: Record<
  DatStatus,
  { color: 'success' | 'info' | 'warning' | 'default'; icon: ReactElement }
> = {
  verified: { color: 'success', icon: <CheckCircleRounded /> },
  renamed: { color: 'info', icon: <DriveFileRenameOutlineRounded /> },
  incomplete: { color: 'warning', icon: <ErrorOutlineRounded /> },
  unknown: { color: 'default', icon: <HelpOutlineRounded /> },
};

/** One DAT's verdict: its badge, the game's name in the set, and what is off. */
function DatVerdict({
  romId,
  verdict,
  canRename,
}: {
  romId: number;
  verdict: RomDatVerdict;
  canRename: boolean;
}) {
  const { t } = useTranslation('rom');
  const rename = useDatRenameMutation(romId);
  const look = LOOKS[verdict.status];
  const offFiles = verdict.files.filter((file) => file.verdict !== 'verified');
  const showFiles = verdict.status !== 'verified' && verdict.files.length > 1;
  return (
    <Stack spacing={0.75} data-testid={`rom-dat-verdict-${String(verdict.dat_id)}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          size="small"
          color={look.color}
          icon={look.icon}
          label={t(`dat-verification.badge.${verdict.status}`, { dat: verdict.dat_name })}
          data-testid="rom-dat-badge"
          sx={{ maxWidth: '100%' }}
        />
        {verdict.game_name !== null && verdict.status !== 'verified' ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('dat-verification.game', { name: verdict.game_name })}
          </Typography>
        ) : null}
      </Stack>
      {showFiles || (offFiles.length > 0 && verdict.status === 'renamed') ? (
        <Stack
          component="ul"
          spacing={0.25}
          sx={{ m: 0, pl: 2.5 }}
          aria-label={t('dat-verification.files')}
        >
          {(showFiles ? verdict.files : offFiles).map((file) => (
            <Typography
              component="li"
              variant="body2"
              key={file.file_id}
              color={file.verdict === 'unknown' ? 'warning.main' : 'text.secondary'}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {`${file.file_name} — ${t(`dat-verification.file-verdict.${file.verdict}`)}`}
              {file.verdict === 'renamed' && file.expected_name !== null
                ? ` (${t('dat-verification.expected', { name: file.expected_name })})`
                : ''}
            </Typography>
          ))}
        </Stack>
      ) : null}
      {canRename && verdict.rename_to !== null ? (
        <Stack direction="row">
          <Button
            size="small"
            variant="outlined"
            startIcon={<DriveFileRenameOutlineRounded />}
            disabled={rename.isPending}
            onClick={() => rename.mutate(verdict.dat_id)}
            data-testid="rom-dat-rename"
            sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere' }}
          >
            {t('dat-verification.rename', { name: verdict.rename_to })}
          </Button>
        </Stack>
      ) : null}
      {rename.isError ? (
        <Alert severity="error" data-testid="rom-dat-rename-error">
          {errorMessage(rename.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The game against the DATs of its platform (No-Intro, Redump, TOSEC…): a badge per DAT with
 * its name, what is off when it is not verified, and for editors the rename to the set's name.
 * Nothing when no DAT is bound to the platform.
 */
export function RomDatVerification({ romId }: { romId: number }) {
  const { t } = useTranslation('rom');
  const canRename = useHasScopes('roms.write');
  const verification = useRomDatVerificationQuery(romId).data;
  if (verification === undefined || verification.dats.length === 0) return null;
  return (
    <Stack
      spacing={1}
      component="section"
      aria-label={t('dat-verification.title')}
      data-testid="rom-dat-verification"
    >
      {verification.dats.map((verdict) => (
        <DatVerdict key={verdict.dat_id} romId={romId} verdict={verdict} canRename={canRename} />
      ))}
    </Stack>
  );
}

import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FileButton } from '@/components/file-button';
import { AVATAR_TYPES, checkAvatar } from '../user-form';
import type { AvatarProblem } from '../user-form';
import { UserAvatar } from './user-avatar';

/** Picks an avatar image and previews it before it is saved. */
export function AvatarPicker({
  username,
  currentSrc,
  file,
  onChange,
  size = 72,
  testId = 'avatar-input',
}: {
  username: string;
  currentSrc: string;
  file: File | null;
  onChange: (file: File | null) => void;
  size?: number;
  testId?: string;
}) {
  const { t } = useTranslation('settings');
  const [problem, setProblem] = useState<AvatarProblem>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <UserAvatar username={username} src={preview ?? currentSrc} size={size} />
      <Box sx={{ minWidth: 0 }}>
        <FileButton
          variant="outlined"
          size="small"
          startIcon={<PhotoCameraRounded />}
          accept={AVATAR_TYPES.join(',')}
          inputTestId={testId}
          onFiles={([chosen]) => {
            if (!chosen) return;
            const found = checkAvatar(chosen);
            setProblem(found);
            onChange(found ? null : chosen);
          }}
        >
          {t('avatar.choose')}
        </FileButton>
        <Typography
          variant="caption"
          color={problem ? 'error' : 'text.secondary'}
          sx={{ display: 'block', mt: 0.5 }}
          data-testid={problem ? 'avatar-problem' : undefined}
        >
          {problem === 'type'
            ? t('avatar.wrong-type')
            : problem === 'size'
              ? t('avatar.too-big')
              : file
                ? t('avatar.pending', { name: file.name })
                : t('avatar.hint')}
        </Typography>
      </Box>
    </Stack>
  );
}

import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const inputId = useId();
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
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          size="small"
          startIcon={<PhotoCameraRounded />}
        >
          {t('avatar.choose')}
          <input
            id={inputId}
            type="file"
            hidden
            accept={AVATAR_TYPES.join(',')}
            data-testid={testId}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (!chosen) return;
              const found = checkAvatar(chosen);
              setProblem(found);
              onChange(found ? null : chosen);
            }}
          />
        </Button>
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

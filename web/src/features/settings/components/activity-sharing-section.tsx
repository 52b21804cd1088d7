import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { User } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { useUpdateUserMutation } from '../api/update-user';
import { NoticeAlert, ProfileSection } from './profile-section';

/** Whether others see what you play: saved the moment the switch flips. */
export function ActivitySharingSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const update = useUpdateUserMutation();
  const error = update.error ? errorMessage(update.error) : null;
  const change = (share: boolean) =>
    update.mutate({ id: user.id, changes: { share_activity: share } });

  return (
    <ProfileSection
      title={t('profile.activity-title')}
      icon={<VisibilityRounded />}
      testId="profile-activity"
    >
      <Stack spacing={2}>
        <NoticeAlert
          notice={error ? { severity: 'error', text: error } : null}
          testId="profile-activity"
        />
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mx: 0, gap: 1.5, justifyContent: 'space-between' }}
          labelPlacement="start"
          disabled={update.isPending}
          control={
            <Switch
              checked={user.share_activity}
              onChange={(event) => change(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'profile-share-activity' } as object }}
            />
          }
          label={
            <Stack sx={{ pt: 0.75 }}>
              <Typography variant="body1">{t('profile.share-activity')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('profile.share-activity-help')}
              </Typography>
            </Stack>
          }
        />
      </Stack>
    </ProfileSection>
  );
}

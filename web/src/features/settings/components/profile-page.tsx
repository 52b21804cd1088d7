import PersonRounded from '@mui/icons-material/PersonRounded';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useAuthStore } from '@/lib/stores/auth-store';

export function ProfilePage() {
  const { t } = useTranslation('settings');
  const { user: wanted = '' } = useParams();
  const user = useAuthStore((state) => state.user);
  const isMe = user !== null && (String(user.id) === wanted || user.username === wanted);
  return (
    <>
      <PageHeader
        title={t('profile.title')}
        subtitle={t('profile.subtitle')}
        icon={<PersonRounded />}
      />
      {isMe ? (
        <Card sx={{ maxWidth: 720 }} data-testid="profile-card">
          <CardContent sx={{ p: 3 }}>
            <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
              <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 28 }}>
                {user.username.charAt(0).toUpperCase()}
              </Avatar>
              <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2" noWrap>
                  {user.username}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {user.email ?? t('profile.no-email')}
                </Typography>
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={t(`profile.role-${user.role}`)}
                  sx={{ alignSelf: 'flex-start' }}
                />
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <EmptyState
          testId="profile-unavailable"
          icon={<PersonRounded />}
          title={t('profile.other-title')}
          text={t('profile.other-text')}
        />
      )}
    </>
  );
}

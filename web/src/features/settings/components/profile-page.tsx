import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import SaveRounded from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { User } from '@romshelf/contract';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { NotFound } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import type { FieldError } from '@/shared/account-validation';
import {
  noErrors,
  validateOptionalEmail,
  validateUsername,
  VALIDATION_NS,
} from '@/shared/account-validation';
import { errorMessage } from '@/lib/api-client';
import { useRefreshRetroAchievementsMutation } from '@/shared/api/refresh-retroachievements';
import { formatDateTime } from '@/lib/format';
import { usePageName } from '@/lib/page-name';
import { hasScopes, useAuthStore } from '@/shared/stores/auth-store';
import { useUpdateUserMutation } from '../api/update-user';
import { useUserQuery } from '../api/user';
import { raSummary } from '../retroachievements';
import { validatePasswordChange } from '../user-form';
import { ActivitySharingSection } from './activity-sharing-section';
import { AvatarPicker } from './avatar-picker';
import type { Notice } from './profile-section';
import { NoticeAlert, ProfileSection } from './profile-section';
import { RoleChip } from './role-chip';

/** Which account `/user/:user` names: an id, or the signed-in user's own name. */
export function profileTarget(
  param: string,
  me: Pick<User, 'id' | 'username'> | null,
): number | null {
  if (me && param === me.username) return me.id;
  return /^\d+$/.test(param) ? Number(param) : null;
}

/** Avatar, username, e-mail and RetroAchievements name. */
function AccountSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const update = useUpdateUserMutation();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [username, setUsername] = useState(user.username);
  const [usernameError, setUsernameError] = useState<FieldError>(null);
  const [email, setEmail] = useState(user.email ?? '');
  const [raUsername, setRaUsername] = useState(user.ra_username ?? '');
  const [emailError, setEmailError] = useState<FieldError>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const nameChanged = username.trim().toLowerCase() !== user.username;
    const badName = nameChanged ? validateUsername(username.trim()) : null;
    const found = validateOptionalEmail(email);
    setUsernameError(badName);
    setEmailError(found);
    if (found || badName) return;
    setNotice(null);
    const changes = {
      ...(nameChanged ? { username: username.trim() } : {}),
      ...(email !== (user.email ?? '') ? { email } : {}),
      ...(raUsername !== (user.ra_username ?? '') ? { ra_username: raUsername } : {}),
      ...(avatar ? { avatar } : {}),
    };
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync({ id: user.id, changes });
      setAvatar(null);
      setUsername(username.trim().toLowerCase());
      setNotice({ severity: 'success', text: t('profile.saved') });
    } catch (caught) {
      setNotice({ severity: 'error', text: errorMessage(caught) });
    }
  };

  return (
    <ProfileSection
      title={t('profile.account-title')}
      icon={<PersonRounded />}
      testId="profile-account"
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void save(event)}>
        <NoticeAlert notice={notice} testId="profile-account" />
        <AvatarPicker
          username={user.username}
          currentSrc={user.avatar_path}
          file={avatar}
          onChange={setAvatar}
          size={80}
          testId="profile-avatar-input"
        />
        <TextField
          label={t('profile.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={Boolean(usernameError)}
          helperText={
            usernameError
              ? t(usernameError.key, { ns: VALIDATION_NS, ...usernameError.values })
              : t('profile.username-help')
          }
          autoComplete="username"
          slotProps={{ htmlInput: { 'data-testid': 'profile-username-input' } }}
        />
        <TextField
          label={t('profile.email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(emailError)}
          helperText={
            emailError
              ? t(emailError.key, { ns: VALIDATION_NS, ...emailError.values })
              : t('profile.email-help')
          }
          autoComplete="email"
          slotProps={{ htmlInput: { 'data-testid': 'profile-email' } }}
        />
        <TextField
          label={t('profile.ra-username')}
          value={raUsername}
          onChange={(event) => setRaUsername(event.target.value)}
          helperText={t('profile.ra-username-help')}
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'profile-ra-username' } }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveRounded />}
            disabled={update.isPending}
            data-testid="profile-save"
          >
            {t('profile.save')}
          </Button>
        </Box>
      </Stack>
    </ProfileSection>
  );
}

/** Current password (for one's own account), new password, confirmation. */
function PasswordSection({ user, isMe }: { user: User; isMe: boolean }) {
  const { t } = useTranslation('settings');
  const update = useUpdateUserMutation();
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const message = (error: FieldError | undefined) =>
    error ? t(error.key, { ns: VALIDATION_NS, ...error.values }) : undefined;

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(values, isMe);
    setErrors(found);
    if (!noErrors(found)) return;
    setNotice(null);
    try {
      await update.mutateAsync({
        id: user.id,
        changes: isMe
          ? { password: values.next, current_password: values.current }
          : { password: values.next },
      });
      setValues({ current: '', next: '', confirm: '' });
      setNotice({ severity: 'success', text: t('profile.password-changed') });
    } catch (caught) {
      setNotice({ severity: 'error', text: errorMessage(caught) });
    }
  };

  const field = (
    key: 'current' | 'next' | 'confirm',
    label: string,
    autoComplete: string,
    testId: string,
  ) => (
    <TextField
      label={label}
      type="password"
      value={values[key]}
      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
      error={Boolean(errors[key])}
      helperText={message(errors[key])}
      autoComplete={autoComplete}
      required
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );

  return (
    <ProfileSection
      title={t('profile.password-title')}
      icon={<LockRounded />}
      testId="profile-password"
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void save(event)}>
        <NoticeAlert notice={notice} testId="profile-password" />
        {/* Lets password managers tie the change to the account. */}
        <input type="text" hidden readOnly autoComplete="username" value={user.username} />
        {isMe
          ? field(
              'current',
              t('profile.current-password'),
              'current-password',
              'profile-current-password',
            )
          : null}
        {field('next', t('profile.new-password'), 'new-password', 'profile-new-password')}
        {field(
          'confirm',
          t('profile.confirm-password'),
          'new-password',
          'profile-confirm-password',
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            startIcon={<LockRounded />}
            disabled={update.isPending}
            data-testid="profile-password-save"
          >
            {t('profile.password-save')}
          </Button>
        </Box>
      </Stack>
    </ProfileSection>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 100, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="h5" component="p" data-testid={testId} sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** The RetroAchievements refresh and what it brought back. */
function RetroAchievementsSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const refresh = useRefreshRetroAchievementsMutation();
  const error = refresh.error ? errorMessage(refresh.error) : null;
  const summary = raSummary(user.ra_progression);
  const run = () => refresh.mutate(user.id);

  return (
    <ProfileSection title={t('profile.ra-title')} icon={<EmojiEventsRounded />} testId="profile-ra">
      <Stack spacing={2}>
        {error ? (
          <Alert severity="error" role="alert" data-testid="profile-ra-error">
            {error}
          </Alert>
        ) : null}
        {summary ? (
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            data-testid="profile-ra-summary"
          >
            <Stat
              label={t('profile.ra-games')}
              value={String(summary.games)}
              testId="profile-ra-games"
            />
            <Stat
              label={t('profile.ra-achievements')}
              value={`${String(summary.awarded)} / ${String(summary.possible)}`}
              testId="profile-ra-achievements"
            />
            <Stat
              label={t('profile.ra-mastered')}
              value={String(summary.mastered)}
              testId="profile-ra-mastered"
            />
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="profile-ra-empty">
            {user.ra_username
              ? t('profile.ra-empty', { username: user.ra_username })
              : t('profile.ra-no-username')}
          </Typography>
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={refresh.isPending ? <CircularProgress size={16} /> : <RefreshRounded />}
            disabled={refresh.isPending || !user.ra_username}
            onClick={run}
            data-testid="profile-ra-refresh"
          >
            {refresh.isPending ? t('profile.ra-refreshing') : t('profile.ra-refresh')}
          </Button>
          {summary?.lastAward ? (
            <Typography variant="caption" color="text.secondary">
              {t('profile.ra-last-award', { date: formatDateTime(summary.lastAward) })}
            </Typography>
          ) : null}
        </Stack>
      </Stack>
    </ProfileSection>
  );
}

function ProfileView({ user, isMe }: { user: User; isMe: boolean }) {
  const { t } = useTranslation('settings');
  const title = isMe ? t('profile.title') : t('profile.title-other', { username: user.username });
  usePageName(title);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={isMe ? t('profile.subtitle') : t('profile.subtitle-other')}
        icon={<PersonRounded />}
      />
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', mb: 3 }}
        data-testid="profile-card"
      >
        <Typography variant="h6" component="p" noWrap data-testid="profile-username">
          {user.username}
        </Typography>
        <RoleChip role={user.role} />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
          maxWidth: 1200,
        }}
      >
        <AccountSection key={`account-${String(user.id)}`} user={user} />
        <Stack spacing={3}>
          <PasswordSection key={`password-${String(user.id)}`} user={user} isMe={isMe} />
          <RetroAchievementsSection user={user} />
          {isMe ? <ActivitySharingSection user={user} /> : null}
        </Stack>
      </Box>
    </>
  );
}

/** `/user/:user`: one's own profile; admins (users.read) may open anyone's. */
export function ProfilePage() {
  const { user: param = '' } = useParams();
  const me = useAuthStore((state) => state.user);
  const scopes = useAuthStore((state) => state.oauth_scopes);
  const id = profileTarget(param, me);
  const isMe = me !== null && id === me.id;
  // Without users.read another account's id would answer 403, which signs out (SPEC §8): never ask.
  const mayRead = id !== null && (isMe || hasScopes(scopes, ['users.read']));
  const query = useUserQuery(id ?? 0, mayRead);

  if (!mayRead) return <NotFound />;
  const user = query.data ?? (isMe ? me : undefined);
  if (user) return <ProfileView user={user} isMe={isMe} />;
  if (query.isError) return <NotFound />;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress />
    </Box>
  );
}

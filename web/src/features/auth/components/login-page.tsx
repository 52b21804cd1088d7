import KeyRounded from '@mui/icons-material/KeyRounded';
import LoginRounded from '@mui/icons-material/LoginRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { OIDC_LOGIN_ERRORS } from '@romshelf/contract';
import type { OidcLoginError } from '@romshelf/contract';

import { API_BASE, ApiError, errorMessage } from '@/lib/api-client';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useSignInMutation } from '../api/sign-in';
import { AuthCardHeader } from './auth-card-header';
import { PasswordField } from './password-field';

/** Only same-site paths are followed after login. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** Where the single sign-on button goes: a full page load, the server redirects to the provider. */
export const OIDC_LOGIN_URL = `${API_BASE}/login/openid`;

/** The translated text for `/login?error=<code>` after a failed single sign-on, or null. */
export function oidcErrorKey(code: string | null): string | null {
  if (!code) return null;
  return (OIDC_LOGIN_ERRORS as readonly string[]).includes(code)
    ? `login.oidc-errors.${code as OidcLoginError}`
    : 'login.oidc-errors.oidc_failed';
}

/** Server answers the form shows as they are: wrong credentials, disabled account, rate limit. */
const SHOWN_AS_IS = [401, 403, 429];

export function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const oidc = useHeartbeatStore((state) => state.value?.OIDC);
  const passwordDisabled = useHeartbeatStore(
    (state) => state.value?.FRONTEND.DISABLE_USERPASS_LOGIN ?? false,
  );
  const oidcEnabled = oidc?.ENABLED ?? false;
  const oidcError = oidcErrorKey(params.get('error'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const signInMutation = useSignInMutation(
    () => void navigate(safeNext(params.get('next')), { replace: true }),
  );
  // Signed in: the form stays busy while the app opens.
  const pending = signInMutation.isPending || signInMutation.isSuccess;
  const failure = signInMutation.error;
  const error = missing
    ? t('login.missing-credentials')
    : failure
      ? failure instanceof ApiError && SHOWN_AS_IS.includes(failure.status)
        ? failure.message
        : t('login.failed', { error: errorMessage(failure) })
      : null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setMissing(!username || !password);
    if (!username || !password) return;
    signInMutation.mutate({ username, password });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="login-form">
      <AuthCardHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <Stack spacing={2.5}>
        {oidcError ? (
          <Alert
            severity={params.get('error') === 'oidc_cancelled' ? 'info' : 'error'}
            role="alert"
            data-testid="login-oidc-error"
          >
            {t(oidcError)}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" data-testid="login-error">
            {error}
          </Alert>
        ) : null}
        {oidcEnabled ? (
          <Button
            href={OIDC_LOGIN_URL}
            variant={passwordDisabled ? 'contained' : 'outlined'}
            size="large"
            startIcon={<KeyRounded />}
            data-testid="login-oidc"
          >
            {t('login.oidc', { provider: oidc?.PROVIDER || t('login.oidc-default-provider') })}
          </Button>
        ) : null}
        {oidcEnabled && !passwordDisabled ? (
          <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>{t('login.or')}</Divider>
        ) : null}
        {passwordDisabled ? (
          oidcEnabled ? null : (
            <Alert severity="info" data-testid="login-password-disabled">
              {t('login.password-disabled')}
            </Alert>
          )
        ) : (
          <>
            <TextField
              id="login-username"
              name="username"
              label={t('login.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="username"
              autoFocus
              required
              slotProps={{ htmlInput: { 'data-testid': 'login-username' } }}
            />
            <PasswordField
              id="login-password"
              label={t('login.password')}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              testId="login-password"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={pending}
              startIcon={<LoginRounded />}
              data-testid="login-submit"
            >
              {pending ? t('login.submitting') : t('login.submit')}
            </Button>
            <Link
              component={RouterLink}
              to="/reset-password"
              variant="body2"
              sx={{ alignSelf: 'center' }}
              data-testid="login-forgot-password"
            >
              {t('login.forgot-password')}
            </Link>
          </>
        )}
      </Stack>
    </Box>
  );
}

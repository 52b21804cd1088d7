import LoginRounded from '@mui/icons-material/LoginRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { ApiError, errorMessage } from '@/lib/api-client';
import { signIn } from '../sign-in';
import { AuthCardHeader } from './auth-card-header';
import { PasswordField } from './password-field';

/** Only same-site paths are followed after login. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!username || !password) {
      setError(t('login.missing-credentials'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await signIn({ username, password });
      void navigate(safeNext(params.get('next')), { replace: true });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401
          ? caught.message
          : t('login.failed', { error: errorMessage(caught) }),
      );
      setPending(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="login-form"
    >
      <AuthCardHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <Stack spacing={2.5}>
        {error ? (
          <Alert severity="error" role="alert" data-testid="login-error">
            {error}
          </Alert>
        ) : null}
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
        >
          {t('login.forgot-password')}
        </Link>
      </Stack>
    </Box>
  );
}

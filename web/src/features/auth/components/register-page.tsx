import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { errorMessage } from '@/lib/api-client';
import { registerUser } from '../api/register-user';
import type { FieldError } from '../validation';
import {
  validateConfirmation,
  validateEmail,
  validatePassword,
  validateUsername,
} from '../validation';
import { AuthCardHeader } from './auth-card-header';
import { PasswordField } from './password-field';

/** Creates an account from an invite link (`?token=`). */
export function RegisterPage() {
  const { t } = useTranslation('login');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values) : null);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const next = {
      username: validateUsername(username),
      email: validateEmail(email),
      password: validatePassword(password),
      confirm: validateConfirmation(password, confirm),
    };
    setErrors(next);
    if (Object.values(next).some((error) => error !== null)) return;
    setPending(true);
    setServerError(null);
    try {
      await registerUser({ username, email, password, token });
      setDone(true);
    } catch (caught) {
      setServerError(t('register.failed', { error: errorMessage(caught) }));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="register-form"
    >
      <AuthCardHeader title={t('register.title')} subtitle={t('register.subtitle')} />
      <Stack spacing={2.5}>
        {!token ? (
          <Alert severity="info" data-testid="register-no-token">
            {t('register.token-missing')}
          </Alert>
        ) : null}
        {serverError ? (
          <Alert severity="error" role="alert" data-testid="register-error">
            {serverError}
          </Alert>
        ) : null}
        {done ? (
          <Alert severity="success" data-testid="register-success">
            {t('register.success')}
          </Alert>
        ) : (
          <>
            <TextField
              id="register-username"
              label={t('register.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              error={Boolean(errors.username)}
              helperText={message(errors.username)}
              autoComplete="username"
              required
              slotProps={{ htmlInput: { 'data-testid': 'register-username' } }}
            />
            <TextField
              id="register-email"
              type="email"
              label={t('register.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(errors.email)}
              helperText={message(errors.email)}
              autoComplete="email"
              required
              slotProps={{ htmlInput: { 'data-testid': 'register-email' } }}
            />
            <PasswordField
              id="register-password"
              label={t('register.password')}
              value={password}
              onChange={setPassword}
              error={message(errors.password)}
              autoComplete="new-password"
              testId="register-password"
            />
            <PasswordField
              id="register-confirm-password"
              label={t('register.confirm-password')}
              value={confirm}
              onChange={setConfirm}
              error={message(errors.confirm)}
              autoComplete="new-password"
              testId="register-confirm-password"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={pending || !token}
              startIcon={<PersonAddRounded />}
              data-testid="register-submit"
            >
              {t('register.submit')}
            </Button>
          </>
        )}
        <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('common.back-to-login')}
        </Link>
      </Stack>
    </Box>
  );
}

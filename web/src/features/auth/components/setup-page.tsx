import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ApiError, errorMessage } from '@/lib/api-client';
import { createFirstAdmin } from '../api/create-first-admin';
import { signIn } from '../sign-in';
import type { FieldError } from '../validation';
import {
  validateConfirmation,
  validateEmail,
  validatePassword,
  validateUsername,
} from '../validation';
import { AuthCardHeader } from './auth-card-header';
import { PasswordField } from './password-field';

interface SetupErrors {
  username: FieldError;
  email: FieldError;
  password: FieldError;
  confirm: FieldError;
}

const NO_ERRORS: SetupErrors = { username: null, email: null, password: null, confirm: null };

/** Creates the first administrator, signs in as them and goes on to the library step. */
export function SetupPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<SetupErrors>(NO_ERRORS);
  const setup = useMutation({
    mutationFn: async (account: { username: string; email: string; password: string }) => {
      await createFirstAdmin(account);
      await signIn({ username: account.username, password: account.password });
    },
    // The library step marks setup done once it is the current page: done while still on
    // /setup, the guard would send the new admin home instead.
    onSuccess: () => navigate('/setup/library', { replace: true }),
  });
  // Done: the form stays busy while the app opens.
  const pending = setup.isPending || setup.isSuccess;
  const serverError = setup.error
    ? t('setup.failed', {
        error: setup.error instanceof ApiError ? setup.error.message : errorMessage(setup.error),
      })
    : null;

  const message = (error: FieldError) => (error ? t(error.key, error.values) : null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next: SetupErrors = {
      username: validateUsername(username),
      email: validateEmail(email),
      password: validatePassword(password),
      confirm: validateConfirmation(password, confirm),
    };
    setErrors(next);
    if (Object.values(next).some((error) => error !== null)) return;
    setup.mutate({ username, email, password });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="setup-form">
      <AuthCardHeader title={t('setup.title')} subtitle={t('setup.subtitle')} />
      <Stack spacing={2.5}>
        {serverError ? (
          <Alert severity="error" role="alert" data-testid="setup-error">
            {serverError}
          </Alert>
        ) : null}
        <TextField
          id="setup-username"
          name="username"
          label={t('setup.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={Boolean(errors.username)}
          helperText={message(errors.username)}
          autoComplete="username"
          autoFocus
          required
          slotProps={{ htmlInput: { 'data-testid': 'setup-username' } }}
        />
        <TextField
          id="setup-email"
          name="email"
          type="email"
          label={t('setup.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(errors.email)}
          helperText={message(errors.email)}
          autoComplete="email"
          required
          slotProps={{ htmlInput: { 'data-testid': 'setup-email' } }}
        />
        <PasswordField
          id="setup-password"
          label={t('setup.password')}
          value={password}
          onChange={setPassword}
          error={message(errors.password)}
          autoComplete="new-password"
          testId="setup-password"
        />
        <PasswordField
          id="setup-confirm-password"
          label={t('setup.confirm-password')}
          value={confirm}
          onChange={setConfirm}
          error={message(errors.confirm)}
          autoComplete="new-password"
          testId="setup-confirm-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={pending}
          startIcon={<RocketLaunchRounded />}
          data-testid="setup-submit"
        >
          {pending ? t('setup.submitting') : t('setup.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

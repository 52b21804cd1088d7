import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { accountErrorText, isDeadLink } from '../account-errors';
import { registerUser } from '../api/register-user';
import { signIn } from '../sign-in';
import type { FieldError } from '../validation';
import {
  noErrors,
  validateConfirmation,
  validateOptionalEmail,
  validatePassword,
  validateUsername,
} from '../validation';
import { AuthCardHeader } from './auth-card-header';
import { PasswordField } from './password-field';

/**
 * Creates an account from an invite link (`?token=`), then signs in with it and opens the
 * library. A used, expired or forged link gets its own message and no more form.
 */
export function RegisterPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const register = useMutation({
    mutationFn: async (account: { username: string; email: string; password: string }) => {
      await registerUser({ ...account, token });
      // Registering does not sign in: log in with the new account, then open the library.
      return signIn({ username: account.username, password: account.password }).then(
        () => true,
        () => false,
      );
    },
    onSuccess: (signedIn) => {
      if (signedIn) void navigate('/', { replace: true });
    },
  });
  const serverError = register.error
    ? accountErrorText(register.error, t, 'register.failed')
    : null;
  const deadLink = register.error ? isDeadLink(register.error) : false;
  // Registered but not signed in: the page says so and links to the login.
  const registered = register.data === false;
  const pending = register.isPending || register.data === true;

  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values) : null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = {
      username: validateUsername(username),
      email: validateOptionalEmail(email),
      password: validatePassword(password),
      confirm: validateConfirmation(password, confirm),
    };
    setErrors(found);
    if (!noErrors(found)) return;
    register.mutate({ username, email, password });
  };

  const formShown = Boolean(token) && !deadLink && !registered;

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="register-form">
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
            {deadLink ? ` ${t('register.ask-again')}` : null}
          </Alert>
        ) : null}
        {registered ? (
          <Alert severity="success" data-testid="register-success">
            {t('register.success')}
          </Alert>
        ) : null}
        {formShown ? (
          <>
            <TextField
              id="register-username"
              label={t('register.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              error={Boolean(errors.username)}
              helperText={message(errors.username)}
              autoComplete="username"
              autoFocus
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
              helperText={message(errors.email) ?? t('register.email-optional')}
              autoComplete="email"
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
              disabled={pending}
              startIcon={<PersonAddRounded />}
              data-testid="register-submit"
            >
              {pending ? t('register.submitting') : t('register.submit')}
            </Button>
          </>
        ) : null}
        <Link
          component={RouterLink}
          to="/login"
          variant="body2"
          sx={{ alignSelf: 'center' }}
          data-testid="register-login-link"
        >
          {t('common.back-to-login')}
        </Link>
      </Stack>
    </Box>
  );
}

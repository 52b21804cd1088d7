import LockResetRounded from '@mui/icons-material/LockResetRounded';
import SendRounded from '@mui/icons-material/SendRounded';
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

import { accountErrorText, isDeadLink } from '../account-errors';
import { usePasswordResetMutation } from '../api/reset-password';
import type { FieldError } from '../validation';
import { validateConfirmation, validatePassword, validateUsername } from '../validation';
import { AuthCardHeader } from './auth-card-header';
import { PasswordField } from './password-field';

/** Without `?token=`: ask for a reset link. With it: choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('login');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const reset = usePasswordResetMutation(token);
  const serverError = reset.error ? accountErrorText(reset.error, t, 'reset.failed') : null;
  const deadLink = reset.error ? isDeadLink(reset.error) : false;
  const done = reset.isSuccess;
  const pending = reset.isPending;

  const message = (error: FieldError | undefined) => (error ? t(error.key, error.values) : null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next: Record<string, FieldError> = token
      ? { password: validatePassword(password), confirm: validateConfirmation(password, confirm) }
      : { username: validateUsername(username) };
    setErrors(next);
    if (Object.values(next).some((error) => error !== null)) return;
    reset.mutate({ username, password });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="reset-form">
      <AuthCardHeader
        title={t('reset.title')}
        subtitle={token ? t('reset.subtitle-new-password') : t('reset.subtitle-request')}
      />
      <Stack spacing={2.5}>
        {serverError ? (
          <Alert severity="error" role="alert" data-testid="reset-error">
            {serverError}
            {deadLink ? (
              <>
                {' '}
                <Link
                  component={RouterLink}
                  to="/reset-password"
                  onClick={() => reset.reset()}
                  data-testid="reset-request-new"
                >
                  {t('reset.request-new')}
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        {done ? (
          <Alert severity="success" data-testid="reset-success">
            {token ? t('reset.done') : t('reset.sent')}
          </Alert>
        ) : deadLink ? null : token ? (
          <>
            <PasswordField
              id="reset-new-password"
              label={t('reset.new-password')}
              value={password}
              onChange={setPassword}
              error={message(errors.password)}
              autoComplete="new-password"
              testId="reset-new-password"
            />
            <PasswordField
              id="reset-confirm-password"
              label={t('reset.confirm-password')}
              value={confirm}
              onChange={setConfirm}
              error={message(errors.confirm)}
              autoComplete="new-password"
              testId="reset-confirm-password"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={pending}
              startIcon={<LockResetRounded />}
              data-testid="reset-submit"
            >
              {t('reset.submit-new-password')}
            </Button>
          </>
        ) : (
          <>
            <TextField
              id="reset-username"
              label={t('reset.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              error={Boolean(errors.username)}
              helperText={message(errors.username)}
              autoComplete="username"
              required
              slotProps={{ htmlInput: { 'data-testid': 'reset-username' } }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={pending}
              startIcon={<SendRounded />}
              data-testid="reset-submit"
            >
              {t('reset.submit-request')}
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

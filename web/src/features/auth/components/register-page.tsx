import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { accountErrorText, isDeadLink } from '../account-errors';
import { useRegisterAndSignInMutation } from '../api/register-user';
import { EMPTY_ACCOUNT, noErrors, validateNewAccount } from '../validation';
import type { NewAccount, NewAccountErrors } from '../validation';
import { AuthCardHeader } from './auth-card-header';
import { NewAccountFields } from './new-account-fields';

/**
 * Creates an account from an invite link (`?token=`), then signs in with it and opens the
 * library. A used, expired or forged link gets its own message and no more form.
 */
export function RegisterPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [account, setAccount] = useState<NewAccount>(EMPTY_ACCOUNT);
  const [errors, setErrors] = useState<NewAccountErrors>({});
  const register = useRegisterAndSignInMutation(token, () => void navigate('/', { replace: true }));
  const serverError = register.error
    ? accountErrorText(register.error, t, 'register.failed')
    : null;
  const deadLink = register.error ? isDeadLink(register.error) : false;
  // Registered but not signed in: the page says so and links to the login.
  const registered = register.data === false;
  const pending = register.isPending || register.data === true;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = validateNewAccount(account, { emailOptional: true });
    setErrors(found);
    if (!noErrors(found)) return;
    const { username, email, password } = account;
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
            <NewAccountFields
              page="register"
              account={account}
              onChange={(change) => setAccount((current) => ({ ...current, ...change }))}
              errors={errors}
              emailOptional
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

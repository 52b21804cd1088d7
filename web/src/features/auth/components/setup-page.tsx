import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ApiError, errorMessage } from '@/lib/api-client';
import { useSetUpFirstAdminMutation } from '../api/create-first-admin';
import { EMPTY_ACCOUNT, noErrors, validateNewAccount } from '../validation';
import type { NewAccount, NewAccountErrors } from '../validation';
import { AuthCardHeader } from './auth-card-header';
import { NewAccountFields } from './new-account-fields';

/** Creates the first administrator, signs in as them and goes on to the library step. */
export function SetupPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [account, setAccount] = useState<NewAccount>(EMPTY_ACCOUNT);
  const [errors, setErrors] = useState<NewAccountErrors>({});
  // The library step marks setup done once it is the current page: done while still on
  // /setup, the guard would send the new admin home instead.
  const setup = useSetUpFirstAdminMutation(() => navigate('/setup/library', { replace: true }));
  // Done: the form stays busy while the app opens.
  const pending = setup.isPending || setup.isSuccess;
  const serverError = setup.error
    ? t('setup.failed', {
        error: setup.error instanceof ApiError ? setup.error.message : errorMessage(setup.error),
      })
    : null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = validateNewAccount(account, { emailOptional: false });
    setErrors(found);
    if (!noErrors(found)) return;
    const { username, email, password } = account;
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
        <NewAccountFields
          page="setup"
          account={account}
          onChange={(change) => setAccount((current) => ({ ...current, ...change }))}
          errors={errors}
          emailOptional={false}
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

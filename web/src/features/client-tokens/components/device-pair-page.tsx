import type { ClientTokenExpiry, DeviceAuthPending } from '@romshelf/contract';
import PhonelinkSetupRounded from '@mui/icons-material/PhonelinkSetupRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import {
  useApproveDeviceMutation,
  useDenyDeviceMutation,
  usePendingDeviceQuery,
} from '../api/device-auth';
import { ExpirySelect } from './expiry-select';
import { ScopePicker } from './scope-picker';

/** The device's request: who asks, for which scopes; approve (with chosen scopes) or deny. */
function DeviceRequest({ userCode, request }: { userCode: string; request: DeviceAuthPending }) {
  const { t } = useTranslation('tokens');
  const approve = useApproveDeviceMutation();
  const deny = useDenyDeviceMutation();
  const [scopes, setScopes] = useState<string[]>(request.allowed_scopes);
  const [name, setName] = useState(request.name);
  const [expiry, setExpiry] = useState<ClientTokenExpiry>('never');
  if (approve.isSuccess) {
    return (
      <Alert severity="success" data-testid="device-approved">
        {t('device.approved', { name })}
      </Alert>
    );
  }
  if (deny.isSuccess) return <Alert severity="info">{t('device.denied')}</Alert>;
  const details = [request.client, request.platform, request.client_version].filter(Boolean);
  const error = approve.error ?? deny.error;
  return (
    <Stack spacing={2.5}>
      <Typography data-testid="device-request">
        {t('device.asks', { name: request.name, details: details.join(' · ') })}
      </Typography>
      <TextField
        label={t('form.device-name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <ScopePicker
        label={t('form.scopes')}
        scopes={request.requested_scopes}
        enabled={request.allowed_scopes}
        value={scopes}
        onChange={setScopes}
      />
      <ExpirySelect value={expiry} onChange={setExpiry} />
      {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
      <Stack direction="row" spacing={1.5}>
        <Button
          variant="contained"
          disabled={scopes.length === 0 || approve.isPending}
          onClick={() =>
            approve.mutate({
              user_code: userCode,
              approved_scopes: scopes,
              device_name: name.trim(),
              expires_in: expiry,
            })
          }
          data-testid="device-approve"
        >
          {t('actions.approve')}
        </Button>
        <Button color="error" onClick={() => deny.mutate(userCode)} data-testid="device-deny">
          {t('actions.deny')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** `/pair/device?user_code=…`: where a handheld's user code is approved (RomM's path). */
export function DevicePairPage() {
  const { t } = useTranslation('tokens');
  const [params, setParams] = useSearchParams();
  const userCode = params.get('user_code');
  const [typed, setTyped] = useState(userCode ?? '');
  const pending = usePendingDeviceQuery(userCode === '' ? null : userCode);
  return (
    <>
      <PageHeader
        title={t('device.title')}
        subtitle={t('device.subtitle')}
        icon={<PhonelinkSetupRounded />}
      />
      <Card sx={{ maxWidth: 720 }}>
        <CardContent sx={{ p: 3 }}>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mb: 3 }}
            onSubmit={(event) => {
              event.preventDefault();
              setParams({ user_code: typed.trim() });
            }}
          >
            <TextField
              label={t('device.code')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'device-code', maxLength: 32 } }}
            />
            <Button type="submit" variant="outlined" data-testid="device-lookup">
              {t('actions.look-up')}
            </Button>
          </Stack>
          {pending.error ? <Alert severity="error">{errorMessage(pending.error)}</Alert> : null}
          {pending.data && userCode ? (
            <DeviceRequest key={userCode} userCode={userCode} request={pending.data} />
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}

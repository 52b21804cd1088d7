import type { ClientToken, ClientTokenCreated } from '@romshelf/contract';
import AddRounded from '@mui/icons-material/AddRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { hasScopes, useAuthStore } from '@/shared/stores/auth-store';
import {
  useAllClientTokensQuery,
  useOwnClientTokensQuery,
  useRevokeClientTokenMutation,
} from '../api/client-tokens';
import { CreateTokenDialog } from './create-token-dialog';
import { DeviceList } from './device-list';
import { FeedList } from './feed-list';
import { PairDialog } from './pair-dialog';
import { RawTokenDialog } from './raw-token-dialog';
import { TokenList } from './token-list';

/**
 * "Client API tokens": the user's tokens for apps and handhelds (everyone's for admins), and the
 * devices that registered with them.
 */
export function ClientTokensPage() {
  const { t } = useTranslation('tokens');
  const scopes = useAuthStore((state) => state.oauth_scopes);
  const user = useAuthStore((state) => state.user);
  const isAdmin = hasScopes(scopes, ['users.read', 'users.write']);
  const canSeeDevices = hasScopes(scopes, ['devices.read', 'devices.write']);
  const canReadFeeds = hasScopes(scopes, ['roms.read', 'platforms.read']);
  const own = useOwnClientTokensQuery();
  const everyone = useAllClientTokensQuery(isAdmin);
  const revoke = useRevokeClientTokenMutation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ClientTokenCreated | null>(null);
  const [pairing, setPairing] = useState<ClientToken | null>(null);
  const others = (everyone.data ?? []).filter((token) => token.user_id !== user?.id);

  const confirmRevoke = (token: ClientToken, asAdmin: boolean) => {
    if (window.confirm(t('revoke.confirm', { name: token.name }))) {
      revoke.mutate({ id: token.id, asAdmin });
    }
  };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        icon={<KeyRounded />}
        actions={
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            onClick={() => setCreating(true)}
            data-testid="token-create"
          >
            {t('actions.new')}
          </Button>
        }
      />
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        {revoke.error ? <Alert severity="error">{errorMessage(revoke.error)}</Alert> : null}
        {own.error ? <Alert severity="error">{errorMessage(own.error)}</Alert> : null}
        {own.data?.length === 0 ? (
          <Alert severity="info" data-testid="tokens-empty">
            {t('list.empty')}
          </Alert>
        ) : null}
        <TokenList
          tokens={own.data ?? []}
          onPair={setPairing}
          onRevoke={(token) => confirmRevoke(token, false)}
          testId="own-tokens"
        />
        {isAdmin && others.length > 0 ? (
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              {t('list.everyone')}
            </Typography>
            <TokenList
              tokens={others}
              onRevoke={(token) => confirmRevoke(token, true)}
              testId="all-tokens"
            />
          </Stack>
        ) : null}
        {canSeeDevices ? <DeviceList /> : null}
        {canReadFeeds ? <FeedList /> : null}
      </Stack>
      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
        }}
      />
      <RawTokenDialog token={created} onClose={() => setCreated(null)} />
      <PairDialog key={pairing?.id ?? 0} token={pairing} onClose={() => setPairing(null)} />
    </>
  );
}

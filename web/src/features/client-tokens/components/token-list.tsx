import type { ClientToken, ClientTokenAdmin } from '@romshelf/contract';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import QrCode2Rounded from '@mui/icons-material/QrCode2Rounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format';

/** One line per token: name, owner (administrators' list), scopes, dates, pair and revoke. */
export function TokenList({
  tokens,
  onPair,
  onRevoke,
  testId,
}: {
  tokens: readonly (ClientToken | ClientTokenAdmin)[];
  onPair?: (token: ClientToken) => void;
  onRevoke: (token: ClientToken) => void;
  testId: string;
}) {
  const { t } = useTranslation('tokens');
  return (
    <Stack spacing={1.5} data-testid={testId}>
      {tokens.map((token) => (
        <Card key={token.id} variant="outlined" sx={{ p: 2 }} data-testid="token-row">
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
          >
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {token.name}
                {'username' in token ? (
                  <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                    {t('list.owner', { username: token.username })}
                  </Typography>
                ) : null}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}
              >
                {token.scopes.join(' ')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('list.created', { date: formatDateTime(token.created_at) })}
                {' · '}
                {token.last_used_at === null
                  ? t('list.never-used')
                  : t('list.last-used', { date: formatDateTime(token.last_used_at) })}
                {' · '}
                {token.expires_at === null
                  ? t('list.no-expiry')
                  : t('list.expires', { date: formatDateTime(token.expires_at) })}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              {onPair ? (
                <Button
                  size="small"
                  startIcon={<QrCode2Rounded />}
                  onClick={() => onPair(token)}
                  data-testid="token-pair"
                >
                  {t('actions.pair')}
                </Button>
              ) : null}
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineRounded />}
                onClick={() => onRevoke(token)}
                data-testid="token-revoke"
              >
                {t('actions.revoke')}
              </Button>
            </Stack>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Role } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateInviteLinkMutation } from '../api/create-invite-link';
import { leastPrivilegedFirst, roleLook } from '../roles';

/** Lifetimes offered for a link, in seconds (the server's default is 10 minutes). */
export const INVITE_EXPIRATIONS = [
  { seconds: 600, key: 'invites.expiry-10m' },
  { seconds: 3600, key: 'invites.expiry-1h' },
  { seconds: 86_400, key: 'invites.expiry-1d' },
  { seconds: 604_800, key: 'invites.expiry-7d' },
] as const;

interface MadeLink {
  role: Role;
  url: string;
  expiresAt: Date;
}

/** Writes text to the clipboard; false where the browser refuses (e.g. plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** When a link made now with this lifetime stops working. */
function expiryFrom(seconds: number): Date {
  return new Date(Date.now() + seconds * 1000);
}

/** One "create invite link" button per role the caller may hand out, and the link made. */
export function InviteLinks({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation('settings');
  const invite = useCreateInviteLinkMutation();
  const [expiration, setExpiration] = useState<number>(INVITE_EXPIRATIONS[0].seconds);
  const [link, setLink] = useState<MadeLink | null>(null);
  const error = invite.error ? errorMessage(invite.error) : null;
  const [copied, setCopied] = useState<boolean | null>(null);

  const make = (role: Role) => {
    setCopied(null);
    invite.mutate(
      { role, expiration },
      { onSuccess: (made) => setLink({ role, url: made.url, expiresAt: expiryFrom(expiration) }) },
    );
  };

  return (
    <Card data-testid="invite-links">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h6" component="h2">
              {t('invites.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('invites.subtitle')}
            </Typography>
          </Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            useFlexGap
            sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
          >
            <TextField
              select
              size="small"
              label={t('invites.expiration')}
              value={expiration}
              onChange={(event) => setExpiration(Number(event.target.value))}
              sx={{ minWidth: 180, width: { sm: 200 } }}
              slotProps={{
                select: { native: true },
                htmlInput: { 'data-testid': 'invite-expiration' },
              }}
            >
              {INVITE_EXPIRATIONS.map((option) => (
                <option key={option.seconds} value={option.seconds}>
                  {t(option.key)}
                </option>
              ))}
            </TextField>
            {/* Least privileged first: the first, most prominent choice is the safe one. */}
            {leastPrivilegedFirst(roles).map((role, index) => {
              const look = roleLook(role);
              return (
                <Button
                  key={role}
                  variant={index === 0 ? 'contained' : 'outlined'}
                  color={look.color === 'default' ? 'primary' : look.color}
                  startIcon={<look.Icon />}
                  disabled={invite.isPending}
                  onClick={() => make(role)}
                  data-testid={`invite-create-${role}`}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t('invites.create', { role: t(look.labelKey) })}
                </Button>
              );
            })}
          </Stack>
          {error ? (
            <Alert severity="error" role="alert" data-testid="invite-error">
              {error}
            </Alert>
          ) : null}
          {link ? (
            <Box data-testid="invite-result" data-role={link.role}>
              <TextField
                fullWidth
                size="small"
                label={t('invites.link-for', { role: t(roleLook(link.role).labelKey) })}
                value={link.url}
                onFocus={(event) => event.target.select()}
                slotProps={{
                  htmlInput: { readOnly: true, 'data-testid': 'invite-url' },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <LinkRounded fontSize="small" />
                      </InputAdornment>
                    ),
                    endAdornment: (
                      <InputAdornment position="end">
                        <Tooltip title={copied ? t('invites.copied') : t('invites.copy')}>
                          <IconButton
                            edge="end"
                            aria-label={t('invites.copy')}
                            onClick={() => void copyText(link.url).then(setCopied)}
                            data-testid="invite-copy"
                          >
                            {copied ? (
                              <CheckRounded fontSize="small" color="success" />
                            ) : (
                              <ContentCopyRounded fontSize="small" />
                            )}
                          </IconButton>
                        </Tooltip>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Typography
                variant="caption"
                color={copied === false ? 'error' : 'text.secondary'}
                sx={{ display: 'block', mt: 0.75 }}
                data-testid="invite-expiry"
              >
                {copied === false
                  ? t('invites.copy-failed')
                  : copied
                    ? t('invites.copied-text', { date: formatDateTime(link.expiresAt) })
                    : t('invites.expires', { date: formatDateTime(link.expiresAt) })}
              </Typography>
            </Box>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

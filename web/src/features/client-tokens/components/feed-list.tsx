import type { FeedLink } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { useFeedLinks } from '../api/feeds';

const CONTENT_KEYS = {
  games: 'feeds.content.games',
  dlc: 'feeds.content.dlc',
  updates: 'feeds.content.updates',
} as const;

/** One feed: the app that reads it, what it lists, its address to copy. */
function FeedRow({ link }: { link: FeedLink }) {
  const { t } = useTranslation('tokens');
  const [copied, setCopied] = useState<boolean | null>(null);
  const url = `${window.location.origin}${link.path}`;
  const label = [
    link.app,
    link.platform ?? t('feeds.all-platforms'),
    ...(link.content === null ? [] : [t(CONTENT_KEYS[link.content])]),
  ].join(' · ');
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid="feed-row">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' } }}
      >
        <TextField
          fullWidth
          size="small"
          label={label}
          value={url}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'feed-url' },
          }}
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="outlined"
          sx={{ flexShrink: 0 }}
          aria-label={t('feeds.copy-label', { feed: label })}
          onClick={() => void copyText(url).then(setCopied)}
        >
          {copied === true ? t('created.copied') : t('actions.copy')}
        </Button>
      </Stack>
      {copied === false ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('created.copy-failed')}
        </Alert>
      ) : null}
    </Card>
  );
}

/**
 * "Console feeds": the game lists homebrew shops and web players read (Tinfoil, PKGi, pkgj,
 * FPKGi, Kekatsu, webRcade), for the platforms the library has, each address ready to copy.
 */
export function FeedList() {
  const { t } = useTranslation('tokens');
  const feeds = useFeedLinks();
  return (
    <Stack spacing={1.5} data-testid="feeds">
      <Typography variant="h6" component="h2">
        {t('feeds.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('feeds.subtitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('feeds.token-hint')}
      </Typography>
      {feeds.error ? <Alert severity="error">{errorMessage(feeds.error)}</Alert> : null}
      {!feeds.isPending && feeds.error === null && feeds.links.length === 0 ? (
        <Alert severity="info" data-testid="feeds-empty">
          {t('feeds.empty')}
        </Alert>
      ) : null}
      {feeds.links.map((link) => (
        <FeedRow key={link.path} link={link} />
      ))}
    </Stack>
  );
}

import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloudDownloadRounded from '@mui/icons-material/CloudDownloadRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import NetworkCheckRounded from '@mui/icons-material/NetworkCheckRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import type { Heartbeat } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { fetchSourceHealth, metadataKeys } from '@/shared/api/metadata';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useHasScopes } from '@/shared/stores/use-scopes';
import { useLaunchboxUpdateMutation, useTestConnectionMutation } from '../api/metadata-sources';

type Flags = Heartbeat['METADATA_SOURCES'];

/** Every provider, the flag that says it is set up, and what sets it up (RomM's variables). */
const PROVIDERS: readonly {
  source: string;
  name: string;
  logo: string;
  flag: keyof Flags;
  variables: string;
}[] = [
  {
    source: 'igdb',
    name: 'IGDB',
    logo: 'igdb',
    flag: 'IGDB_API_ENABLED',
    variables: 'IGDB_CLIENT_ID, IGDB_CLIENT_SECRET',
  },
  {
    source: 'ss',
    name: 'ScreenScraper',
    logo: 'ss',
    flag: 'SS_API_ENABLED',
    variables: 'SCREENSCRAPER_USER, SCREENSCRAPER_PASSWORD',
  },
  {
    source: 'moby',
    name: 'MobyGames',
    logo: 'moby',
    flag: 'MOBY_API_ENABLED',
    variables: 'MOBYGAMES_API_KEY',
  },
  {
    source: 'ra',
    name: 'RetroAchievements',
    logo: 'ra',
    flag: 'RA_API_ENABLED',
    variables: 'RETROACHIEVEMENTS_API_KEY',
  },
  {
    source: 'sgdb',
    name: 'SteamGridDB',
    logo: 'sgdb',
    flag: 'STEAMGRIDDB_API_ENABLED',
    variables: 'STEAMGRIDDB_API_KEY',
  },
  {
    source: 'launchbox',
    name: 'LaunchBox',
    logo: 'lb',
    flag: 'LAUNCHBOX_API_ENABLED',
    variables: 'LAUNCHBOX_API_ENABLED=true',
  },
  {
    source: 'hasheous',
    name: 'Hasheous',
    logo: 'hasheous',
    flag: 'HASHEOUS_API_ENABLED',
    variables: 'HASHEOUS_API_ENABLED=true',
  },
  {
    source: 'playmatch',
    name: 'Playmatch',
    logo: 'playmatch',
    flag: 'PLAYMATCH_API_ENABLED',
    variables: 'PLAYMATCH_API_ENABLED=true',
  },
];

type Status = 'off' | 'checking' | 'ok' | 'down';

const STATUS_CHIP: Record<
  Status,
  { color: 'default' | 'success' | 'error'; icon: ReactElement | undefined }
> = {
  off: { color: 'default', icon: <RemoveCircleOutlineRounded /> },
  checking: { color: 'default', icon: <CircularProgress size={14} /> },
  ok: { color: 'success', icon: <CheckCircleRounded /> },
  down: { color: 'error', icon: <ErrorRounded /> },
};

/** Re-downloads and indexes the LaunchBox dump by hand (the `update_launchbox_metadata` task). */
function LaunchboxUpdate() {
  const { t } = useTranslation('settings');
  const update = useLaunchboxUpdateMutation();
  const result = update.data;
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      <Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<CloudDownloadRounded />}
          loading={update.isPending}
          onClick={() => update.mutate()}
          data-testid="launchbox-update"
        >
          {t('metadata-sources.launchbox-update')}
        </Button>
      </Box>
      {update.isPending ? (
        <Typography variant="caption" color="text.secondary">
          {t('metadata-sources.launchbox-updating')}
        </Typography>
      ) : null}
      {result?.status === 'finished' ? (
        <Alert severity="success" data-testid="launchbox-update-done">
          {t('metadata-sources.launchbox-done', {
            games: result.games,
            names: result.alternate_names,
            images: result.images,
          })}
        </Alert>
      ) : null}
      {result?.status === 'failed' || update.isError ? (
        <Alert severity="error" data-testid="launchbox-update-error">
          {t('metadata-sources.launchbox-failed', {
            error: result?.error ?? errorMessage(update.error),
          })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Checks the source again now (the status otherwise comes from a check kept for a minute). */
function TestConnection({ source }: { source: string }) {
  const { t } = useTranslation('settings');
  const test = useTestConnectionMutation(source);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<NetworkCheckRounded />}
        loading={test.isPending}
        onClick={() => test.mutate()}
        data-testid="metadata-source-test"
      >
        {t('metadata-sources.test')}
      </Button>
      {test.isSuccess ? (
        <Typography variant="caption" role="status" data-testid="metadata-source-tested">
          {test.data ? t('metadata-sources.test-ok') : t('metadata-sources.test-failed')}
        </Typography>
      ) : null}
    </Stack>
  );
}

function ProviderCard({
  provider,
  enabled,
}: {
  provider: (typeof PROVIDERS)[number];
  enabled: boolean;
}) {
  const { t } = useTranslation('settings');
  const canRunTasks = useHasScopes('tasks.run');
  const canScan = useHasScopes('platforms.write');
  const health = useQuery({
    queryKey: metadataKeys.health(provider.source),
    queryFn: ({ signal }) => fetchSourceHealth(provider.source, signal),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
  const status: Status = !enabled
    ? 'off'
    : health.isPending
      ? 'checking'
      : health.data === true
        ? 'ok'
        : 'down';
  const chip = STATUS_CHIP[status];
  return (
    <Card
      data-testid={`metadata-source-${provider.source}`}
      data-status={status}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          component="img"
          src={`/metadata-sources/${provider.logo}.svg`}
          alt=""
          width={36}
          height={36}
          sx={{
            flex: 'none',
            opacity: enabled ? 1 : 0.45,
            filter: enabled ? 'none' : 'grayscale(1)',
          }}
        />
        <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
          {provider.name}
        </Typography>
        <Chip
          size="small"
          variant={status === 'off' ? 'outlined' : 'filled'}
          color={chip.color}
          icon={chip.icon}
          label={t(`metadata-sources.status-${status}`)}
          data-testid="metadata-source-status"
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {status === 'off' ? (
          <>
            {t('metadata-sources.how-to')}{' '}
            <Box
              component="code"
              sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 12.5 }}
            >
              {provider.variables}
            </Box>
          </>
        ) : status === 'down' ? (
          t('metadata-sources.down-hint')
        ) : status === 'ok' ? (
          t('metadata-sources.ok-hint')
        ) : (
          t('metadata-sources.checking-hint')
        )}
      </Typography>
      {enabled && canScan ? <TestConnection source={provider.source} /> : null}
      {provider.source === 'launchbox' && enabled && canRunTasks ? <LaunchboxUpdate /> : null}
    </Card>
  );
}

/**
 * Every metadata provider with its live state: not set up (and which variables set it up),
 * answering, or not answering (`GET /api/heartbeat/metadata/{source}`).
 */
export function MetadataSourcesPanel() {
  const { t } = useTranslation('settings');
  const flags = useHeartbeatStore((state) => state.value?.METADATA_SOURCES);
  return (
    <Box component="section" data-testid="metadata-sources" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2">
        {t('metadata-sources.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('metadata-sources.subtitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
            xl: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {PROVIDERS.map((provider) => (
          <ProviderCard
            key={provider.source}
            provider={provider}
            enabled={flags?.[provider.flag] ?? false}
          />
        ))}
      </Box>
    </Box>
  );
}

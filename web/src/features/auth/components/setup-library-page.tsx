import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import FolderRounded from '@mui/icons-material/FolderRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import RadarRounded from '@mui/icons-material/RadarRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import type { Heartbeat } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { PlatformPicker } from '@/components/platform-picker';
import { errorMessage } from '@/lib/api-client';
import { fetchHeartbeat } from '@/shared/api/heartbeat';
import { selectShowSetupWizard, useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useBindFoldersMutation, useSetupLibraryQuery } from '../api/setup-library';
import { AuthCardHeader } from './auth-card-header';

type SourceFlag = keyof Heartbeat['METADATA_SOURCES'];

/** The metadata sources RomShelf has, with the heartbeat flag that says each is set up. */
const SOURCES: readonly { name: string; flag: SourceFlag }[] = [
  { name: 'IGDB', flag: 'IGDB_API_ENABLED' },
  { name: 'ScreenScraper', flag: 'SS_API_ENABLED' },
  { name: 'MobyGames', flag: 'MOBY_API_ENABLED' },
  { name: 'RetroAchievements', flag: 'RA_API_ENABLED' },
  { name: 'SteamGridDB', flag: 'STEAMGRIDDB_API_ENABLED' },
  { name: 'LaunchBox', flag: 'LAUNCHBOX_API_ENABLED' },
  { name: 'Hasheous', flag: 'HASHEOUS_API_ENABLED' },
  { name: 'Playmatch', flag: 'PLAYMATCH_API_ENABLED' },
  { name: 'TheGamesDB', flag: 'TGDB_API_ENABLED' },
];

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
      {children}
    </Typography>
  );
}

/** Which metadata sources are set up; the others are named with where to set them up. */
function MetadataCheck() {
  const { t } = useTranslation('login');
  const sources = useHeartbeatStore((state) => state.value?.METADATA_SOURCES);
  return (
    <Stack spacing={1} data-testid="setup-metadata">
      <Heading>{t('setup-library.metadata')}</Heading>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {SOURCES.map((source) => {
          const on = sources?.[source.flag] === true;
          return (
            <Chip
              key={source.flag}
              size="small"
              variant={on ? 'filled' : 'outlined'}
              color={on ? 'success' : 'default'}
              icon={on ? <CheckCircleRounded /> : <RemoveCircleOutlineRounded />}
              label={source.name}
              data-testid={`setup-source-${source.flag}`}
              data-enabled={String(on)}
            />
          );
        })}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {sources?.ANY_SOURCE_ENABLED
          ? t('setup-library.metadata-ready')
          : t('setup-library.metadata-none')}
      </Typography>
    </Stack>
  );
}

/**
 * The wizard's library step, after the admin account: what the library folder holds, unknown
 * folders bound to platforms, the metadata sources, then "scan now".
 */
/**
 * Reaching the library step ends the wizard: the account exists and the person is signed in,
 * so the app stops sending every page to setup.
 */
function useSetupDone() {
  useEffect(() => {
    if (!selectShowSetupWizard(useHeartbeatStore.getState())) return;
    useHeartbeatStore.getState().markSetupDone();
    fetchHeartbeat().then(
      (heartbeat) => useHeartbeatStore.getState().setHeartbeat(heartbeat),
      (error: unknown) => console.error('Could not refresh the heartbeat', error),
    );
  }, []);
}

export function SetupLibraryPage() {
  const { t } = useTranslation(['login', 'home']);
  const navigate = useNavigate();
  const library = useSetupLibraryQuery();
  useSetupDone();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const bind = useBindFoldersMutation(() => setChoices({}));
  const data = library.data;
  const chosen = Object.values(choices).filter(Boolean).length;

  return (
    <Stack spacing={2.5} data-testid="setup-library">
      <AuthCardHeader title={t('setup-library.title')} subtitle={t('setup-library.subtitle')} />
      {library.isError ? <Alert severity="error">{errorMessage(library.error)}</Alert> : null}
      {!data ? (
        library.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : null
      ) : (
        <>
          <Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('setup-library.folder', { path: data.library_path })}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="setup-structure">
              {data.detected_structure === null
                ? t('setup-library.structure-none')
                : t('setup-library.structure', {
                    structure:
                      data.detected_structure === 'struct_a'
                        ? 'roms/{platform}'
                        : '{platform}/roms',
                  })}
            </Typography>
          </Box>
          <Heading>
            {t('setup-library.platforms', { count: data.existing_platforms.length })}
          </Heading>
          <Stack spacing={0.75}>
            {data.existing_platforms
              .filter((folder) => folder.slug !== null)
              .map((folder) => (
                <Stack
                  key={folder.fs_slug}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center' }}
                  data-testid={`setup-folder-${folder.fs_slug}`}
                >
                  <FolderRounded fontSize="small" color="primary" />
                  <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                    {folder.name}{' '}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      ({folder.fs_slug})
                    </Box>
                  </Typography>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('home:home.games', { count: folder.rom_count })}
                  </Typography>
                </Stack>
              ))}
          </Stack>
          {data.unknown_folders.length > 0 ? (
            <Stack spacing={1.25} data-testid="setup-unknown">
              <Heading>{t('setup-library.unknown')}</Heading>
              <Typography variant="body2" color="text.secondary">
                {t('setup-library.unknown-text')}
              </Typography>
              {data.unknown_folders.map((folder) => (
                <Stack key={folder} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <HelpOutlineRounded fontSize="small" color="warning" />
                  <PlatformPicker
                    folder={folder}
                    platforms={data.supported_platforms}
                    value={choices[folder] ?? ''}
                    onChange={(slug) => setChoices({ ...choices, [folder]: slug })}
                    testId={`setup-bind-${folder}`}
                  />
                </Stack>
              ))}
              {bind.isError ? <Alert severity="error">{errorMessage(bind.error)}</Alert> : null}
              <Button
                variant="outlined"
                disabled={chosen === 0 || bind.isPending}
                onClick={() => bind.mutate(choices)}
                data-testid="setup-bind-save"
              >
                {t('setup-library.bind', { count: chosen })}
              </Button>
            </Stack>
          ) : null}
        </>
      )}
      <MetadataCheck />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'flex-end' }}
      >
        <Button onClick={() => void navigate('/', { replace: true })} data-testid="setup-skip">
          {t('setup-library.later')}
        </Button>
        <Button
          variant="contained"
          size="large"
          startIcon={<RadarRounded />}
          onClick={() => void navigate('/scan?start=quick', { replace: true })}
          data-testid="setup-scan-now"
        >
          {t('setup-library.scan-now')}
        </Button>
      </Stack>
    </Stack>
  );
}

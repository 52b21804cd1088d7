import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import RadarRounded from '@mui/icons-material/RadarRounded';
import StopRounded from '@mui/icons-material/StopRounded';
import type { Platform, ScanType } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { LibraryEmptyState } from '@/components/library-empty-state';
import { PageHeader } from '@/components/page-header';
import { PlatformIcon } from '@/components/platform-icon';
import { useLibraryInfoQuery } from '@/shared/api/library-info';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';

import { connectScanSocket, startScan, stopScan } from '../scan-socket';
import { isScanActive, useScanStore } from '../stores/scan-store';
import { MetadataSourcePicker, useMetadataSources } from './metadata-sources';
import { ScanLog } from './scan-log';
import { ScanStatsPanel } from './scan-stats';

/** The scan types offered, fastest first (`unmatched` is an alias the server also accepts). */
export const SCAN_TYPE_CHOICES: readonly ScanType[] = [
  'new_platforms',
  'quick',
  'unidentified',
  'update',
  'hashes',
  'complete',
];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderRadius: '16px',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function ScanPage() {
  const { t } = useTranslation('scan');
  const [params, setParams] = useSearchParams();
  const platforms = usePlatformsQuery();
  const library = useLibraryInfoQuery();
  const status = useScanStore((state) => state.status);
  const error = useScanStore((state) => state.error);
  const stats = useScanStore((state) => state.stats);
  const withMetadata = useScanStore((state) => state.withMetadata);
  const active = isScanActive(status);
  const [type, setType] = useState<ScanType>('quick');
  const sources = useMetadataSources();
  const preset = params.get('platform');
  const [selected, setSelected] = useState<number[]>(() =>
    preset && /^\d+$/.test(preset) ? [Number(preset)] : [],
  );

  // Connect while the page is open, so a scan already running shows its progress.
  useEffect(() => connectScanSocket(), []);
  // The setup wizard's "Scan now" (`?start=quick`): a quick scan of the whole library, once.
  const startNow = params.get('start') === 'quick';
  useEffect(() => {
    if (!startNow) return;
    setParams({}, { replace: true });
    if (isScanActive(useScanStore.getState().status)) return;
    startScan({ platforms: [], type: 'quick', apis: sources.selected, roms_ids: [] });
    // Only the request in the address matters; the sources are those of this first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startNow]);

  const all = sortPlatforms(platforms.data ?? []);
  const known = new Set(all.map((platform) => platform.fs_slug));
  const newFolders = (library.data?.platform_folders ?? []).filter((folder) => !known.has(folder));
  const chosen = all.filter((platform) => selected.includes(platform.id));
  const nothingYet =
    platforms.isSuccess && all.length === 0 && library.isFetched && newFolders.length === 0;

  return (
    <>
      <PageHeader title={t('scan.title')} subtitle={t('scan.subtitle')} icon={<RadarRounded />} />
      {nothingYet && !active && status === 'idle' ? (
        <Box sx={{ mb: 3 }}>
          <LibraryEmptyState testId="scan-empty" title={t('scan.empty-title')} canScan />
        </Box>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(340px, 420px) 1fr' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Stack spacing={2.5}>
          <Panel title={t('scan.platforms')}>
            <Autocomplete<Platform, true>
              multiple
              options={all}
              value={chosen}
              disabled={active}
              onChange={(_event, value) => setSelected(value.map((platform) => platform.id))}
              getOptionLabel={(platform) => platform.display_name}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              renderOption={(props, platform) => {
                const { key, ...rest } = props as typeof props & { key: string };
                return (
                  <Box component="li" key={key} {...rest} sx={{ gap: 1.5 }}>
                    <PlatformIcon platform={platform} size={28} />
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="body2" noWrap>
                        {platform.display_name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {platform.fs_slug}
                      </Typography>
                    </Box>
                    <Chip size="small" label={platform.rom_count} />
                  </Box>
                );
              }}
              renderInput={(input) => (
                <TextField
                  {...input}
                  placeholder={chosen.length === 0 ? t('scan.all-platforms') : undefined}
                  slotProps={{
                    ...input.slotProps,
                    htmlInput: { ...input.slotProps.htmlInput, 'data-testid': 'scan-platforms' },
                  }}
                />
              )}
            />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {chosen.length === 0 ? t('scan.all-platforms-hint') : t('scan.some-platforms-hint')}
            </Typography>
            {newFolders.length > 0 ? (
              <Box sx={{ mt: 1.5 }} data-testid="scan-new-folders">
                <Typography variant="caption" color="text.secondary">
                  {t('scan.new-folders', { count: newFolders.length })}
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  {newFolders.map((folder) => (
                    <Chip key={folder} size="small" variant="outlined" label={folder} />
                  ))}
                </Stack>
              </Box>
            ) : null}
          </Panel>
          <Panel title={t('scan.sources')}>
            <MetadataSourcePicker
              options={sources.options}
              selected={sources.selected}
              onToggle={sources.toggle}
              disabled={active}
            />
          </Panel>
          <Panel title={t('scan.type')}>
            <Stack spacing={1} role="radiogroup" aria-label={t('scan.type')}>
              {SCAN_TYPE_CHOICES.map((choice) => {
                const checked = type === choice;
                return (
                  <ButtonBase
                    key={choice}
                    role="radio"
                    aria-checked={checked}
                    disabled={active}
                    onClick={() => setType(choice)}
                    data-testid={`scan-type-${choice}`}
                    sx={(theme) => ({
                      display: 'block',
                      textAlign: 'left',
                      px: 1.75,
                      py: 1.25,
                      borderRadius: '12px',
                      border: `1px solid ${checked ? theme.palette.primary.main : theme.palette.divider}`,
                      bgcolor: checked ? alpha(theme.palette.primary.main, 0.12) : 'transparent',
                      '&.Mui-disabled': { opacity: 0.6 },
                    })}
                  >
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" sx={{ fontWeight: 700, flex: 1 }}>
                        {t(`types.${choice}.label`)}
                      </Typography>
                      {checked ? <CheckCircleRounded color="primary" fontSize="small" /> : null}
                    </Stack>
                    <Typography variant="caption" color="text.secondary">
                      {t(`types.${choice}.text`)}
                    </Typography>
                  </ButtonBase>
                );
              })}
            </Stack>
          </Panel>
          {/* Sticks to the bottom of the window, so the main action shows without scrolling. */}
          <Stack
            direction="row"
            spacing={1.5}
            data-testid="scan-actions"
            sx={{
              position: 'sticky',
              bottom: 0,
              zIndex: 2,
              py: 1.5,
              bgcolor: 'background.default',
            }}
          >
            <Button
              variant="contained"
              size="large"
              startIcon={<PlayArrowRounded />}
              disabled={active}
              onClick={() =>
                startScan({ platforms: selected, type, apis: sources.selected, roms_ids: [] })
              }
              data-testid="scan-start"
              sx={{ flex: 1 }}
            >
              {active ? t('scan.running') : t('scan.start')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              size="large"
              startIcon={<StopRounded />}
              disabled={!active || status === 'stopping'}
              onClick={stopScan}
              data-testid="scan-stop"
            >
              {t('scan.stop')}
            </Button>
          </Stack>
        </Stack>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          {status === 'done' ? (
            <Alert severity="success" data-testid="scan-done">
              <AlertTitle>{t('scan.done-title')}</AlertTitle>
              {stats
                ? t(withMetadata ? 'scan.done-text-identified' : 'scan.done-text', {
                    roms: stats.new_roms,
                    platforms: stats.new_platforms,
                    identified: stats.identified_roms,
                  })
                : null}
            </Alert>
          ) : null}
          {status === 'failed' ? (
            <Alert severity="error" data-testid="scan-failed">
              <AlertTitle>{t('scan.failed-title')}</AlertTitle>
              {error}
            </Alert>
          ) : null}
          {status === 'idle' ? (
            <Panel title={t('scan.log')}>
              <Typography variant="body2" color="text.secondary" data-testid="scan-idle">
                {t('scan.idle')}
              </Typography>
            </Panel>
          ) : (
            <>
              <ScanProgress />
              <ScanStatsPanel />
              <ScanLog />
            </>
          )}
        </Stack>
      </Box>
    </>
  );
}

function ScanProgress() {
  const { t } = useTranslation('scan');
  const status = useScanStore((state) => state.status);
  const stats = useScanStore((state) => state.stats);
  const active = isScanActive(status);
  const value =
    stats && stats.total_roms > 0
      ? Math.min(100, (stats.scanned_roms / stats.total_roms) * 100)
      : null;
  return (
    <Box data-testid="scan-progress" data-status={status}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`status.${status}`)}
        </Typography>
        {stats ? (
          <Typography variant="body2" color="text.secondary" data-testid="scan-progress-count">
            {t('scan.progress', { scanned: stats.scanned_roms, total: stats.total_roms })}
          </Typography>
        ) : null}
      </Stack>
      <LinearProgress
        variant={value === null ? (active ? 'indeterminate' : 'determinate') : 'determinate'}
        value={value ?? (active ? 0 : 100)}
        color={status === 'failed' ? 'error' : status === 'done' ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 99 }}
      />
    </Box>
  );
}

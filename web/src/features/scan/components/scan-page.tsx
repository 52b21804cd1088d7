import RadarRounded from '@mui/icons-material/RadarRounded';
import type { ScanType } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { LibraryEmptyState } from '@/components/library-empty-state';
import { PageHeader } from '@/components/page-header';
import { useLibraryInfoQuery } from '@/shared/api/library-info';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';

import { connectScanSocket, startScan } from '../scan-socket';
import { isScanActive, useScanStore } from '../stores/scan-store';
import { MetadataSourcePicker, useMetadataSources } from './metadata-sources';
import { ScanActions } from './scan-actions';
import { ScanPanel } from './scan-panel';
import { ScanPlatformsField } from './scan-platforms-field';
import { ScanResults } from './scan-results';
import { ScanTypePicker } from './scan-type-picker';

/** The scan page: what to scan and how on one side, the scan's progress and log on the other. */
export function ScanPage() {
  const { t } = useTranslation('scan');
  const [params, setParams] = useSearchParams();
  const platforms = usePlatformsQuery();
  const library = useLibraryInfoQuery();
  const status = useScanStore((state) => state.status);
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
          <ScanPanel title={t('scan.platforms')}>
            <ScanPlatformsField
              all={all}
              chosen={chosen}
              newFolders={newFolders}
              disabled={active}
              onChange={setSelected}
            />
          </ScanPanel>
          <ScanPanel title={t('scan.sources')}>
            <MetadataSourcePicker
              options={sources.options}
              selected={sources.selected}
              onToggle={sources.toggle}
              disabled={active}
            />
          </ScanPanel>
          <ScanPanel title={t('scan.type')}>
            <ScanTypePicker type={type} disabled={active} onChange={setType} />
          </ScanPanel>
          <ScanActions
            onStart={() =>
              startScan({ platforms: selected, type, apis: sources.selected, roms_ids: [] })
            }
          />
        </Stack>
        <ScanResults />
      </Box>
    </>
  );
}

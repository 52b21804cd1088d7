import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RadarRounded from '@mui/icons-material/RadarRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { CompletenessFigure } from '@/components/completeness-figure';
import { EmptyState } from '@/components/empty-state';
import { ExportButton } from '@/components/export-button';
import { HiddenMark } from '@/components/hidden-mark';
import { PlatformIcon } from '@/components/platform-icon';
import { usePlatformsQuery } from '@/shared/api/platforms';
import { formatBytes } from '@/lib/format';
import { usePageName } from '@/lib/page-name';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useHasScopes } from '@/shared/stores/use-scopes';
import { useUploadStore } from '@/shared/stores/upload-store';

import { useGalleryFilters } from '../use-gallery-filters';

import { Gallery } from './gallery';
import { PlatformZipButton } from './platform-zip-button';

export function PlatformPage() {
  const { t } = useTranslation('platform');
  const { platform: param = '' } = useParams();
  const platformId = /^\d+$/.test(param) ? Number(param) : null;
  const canScan = useHasScopes('platforms.write');
  const canUpload = useHasScopes('roms.write');
  const { toggleDrawer, goScan } = useNavigationStore();
  const platforms = usePlatformsQuery();
  const platform = platforms.data?.find((item) => item.id === platformId);
  usePageName(platform?.display_name);
  const filtering = useGalleryFilters(`platform:${String(platformId)}`);

  if (platformId === null || (platforms.isSuccess && !platform)) {
    return (
      <EmptyState
        testId="platform-not-found"
        icon={<VideogameAssetRounded />}
        title={t('platform.not-found-title')}
        text={t('platform.not-found-text')}
      />
    );
  }

  return (
    <>
      {/* Phones: the full name on up to two lines, the labelled actions below it. */}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between', mb: 3 }}
        data-testid="platform-header"
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          {platform ? (
            <PlatformIcon platform={platform} size={56} />
          ) : (
            <Skeleton variant="rounded" width={56} height={56} />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h4"
              component="h1"
              data-testid="page-heading"
              sx={{
                fontSize: { xs: 22, sm: 34 },
                lineHeight: 1.2,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'break-word',
              }}
            >
              {platform ? platform.display_name : <Skeleton width={220} />}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {platform
                ? t('platform.summary', {
                    count: platform.rom_count,
                    size: formatBytes(platform.fs_size_bytes),
                  })
                : t('platform.subtitle')}
            </Typography>
            {platform ? <HiddenMark entity="platforms" id={platform.id} /> : null}
            {platform ? <CompletenessFigure platformId={platform.id} /> : null}
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
          {canUpload ? (
            <Button
              variant="contained"
              startIcon={<CloudUploadRounded />}
              onClick={() => useUploadStore.getState().openDialog(platformId)}
              data-testid="platform-upload-button"
            >
              {t('platform.upload')}
            </Button>
          ) : null}
          {platform ? <ExportButton platformId={platform.id} /> : null}
          <PlatformZipButton platform={platform} />
          <Button
            variant="outlined"
            startIcon={<InfoOutlined />}
            onClick={() => toggleDrawer('platformInfo')}
            data-testid="platform-info-button"
          >
            {t('platform.info')}
          </Button>
        </Stack>
      </Stack>
      <Gallery
        place={{ platformId }}
        platformId={platformId}
        expectedCount={platform?.rom_count}
        filtering={filtering}
        empty={
          <EmptyState
            testId="platform-empty"
            icon={<VideogameAssetRounded />}
            title={t('platform.empty-title')}
            text={canScan ? t('platform.empty-text-scan') : t('platform.empty-text-ask')}
            action={
              canScan ? (
                <Button variant="contained" startIcon={<RadarRounded />} onClick={goScan}>
                  {t('platform.scan-action')}
                </Button>
              ) : undefined
            }
          />
        }
      />
    </>
  );
}

import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RadarRounded from '@mui/icons-material/RadarRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { HiddenMark } from '@/components/hidden-mark';
import { PlatformIcon } from '@/components/platform-icon';
import { usePlatformsQuery } from '@/shared/api/platforms';
import { formatBytes, formatDate } from '@/lib/format';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { useGalleryStore } from '../stores/gallery-store';
import { PlatformHideFrom } from './platform-hide-from';
import { FirmwareManager, PlatformDelete, PlatformRename } from './platform-manage';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '120px 1fr',
        gap: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The platform info drawer: what RomShelf knows about the platform being browsed. */
export function PlatformInfo() {
  const { t } = useTranslation(['platform', 'play']);
  const navigate = useNavigate();
  const platformId = useGalleryStore((state) => state.currentPlatformId);
  const platforms = usePlatformsQuery();
  const resetDrawers = useNavigationStore((state) => state.resetDrawers);
  const canScan = useHasScopes('platforms.write');
  const canEditFirmware = useHasScopes('firmware.write');
  const platform = platforms.data?.find((item) => item.id === platformId);

  if (!platform) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
        <InfoOutlined color="primary" sx={{ fontSize: 40 }} />
        <Typography variant="subtitle1">{t('info.none-title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('info.none-text')}
        </Typography>
      </Stack>
    );
  }
  const dash = '-';
  return (
    <Stack spacing={2} data-testid="platform-info">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <PlatformIcon platform={platform} size={64} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" sx={{ lineHeight: 1.2 }}>
            {platform.display_name}
          </Typography>
          {platform.display_name !== platform.name ? (
            <Typography variant="body2" color="text.secondary">
              {platform.name}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={0.75} sx={{ mt: 0.75, flexWrap: 'wrap' }}>
            {platform.is_unidentified ? (
              <Chip size="small" color="warning" label={t('info.unidentified')} />
            ) : null}
            {platform.missing_from_fs ? (
              <Chip size="small" color="error" label={t('info.missing')} />
            ) : null}
            <HiddenMark entity="platforms" id={platform.id} />
          </Stack>
        </Box>
      </Stack>
      {canScan ? <PlatformRename key={platform.id} platform={platform} /> : null}
      <Box>
        <Row label={t('info.games')} value={String(platform.rom_count)} testId="info-rom-count" />
        <Row label={t('info.size')} value={formatBytes(platform.fs_size_bytes)} />
        <Row label={t('info.slug')} value={platform.slug} />
        <Row label={t('info.folder')} value={platform.fs_slug} testId="info-folder" />
        <Row label={t('info.category')} value={platform.category ?? dash} />
        <Row label={t('info.family')} value={platform.family_name ?? dash} />
        <Row
          label={t('info.generation')}
          value={platform.generation === null ? dash : String(platform.generation)}
        />
        <Row label={t('info.added')} value={formatDate(platform.created_at)} />
        <Row label={t('info.updated')} value={formatDate(platform.updated_at)} />
      </Box>
      <FirmwareManager platform={platform} canEdit={canEditFirmware} />
      {canScan ? (
        <Button
          variant="contained"
          startIcon={<RadarRounded />}
          onClick={() => {
            resetDrawers();
            void navigate(`/scan?platform=${String(platform.id)}`);
          }}
        >
          {t('info.scan')}
        </Button>
      ) : null}
      <PlatformHideFrom platform={platform} />
      {canScan ? <PlatformDelete platform={platform} /> : null}
    </Stack>
  );
}

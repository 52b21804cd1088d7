import FolderZipRounded from '@mui/icons-material/FolderZipRounded';
import Button from '@mui/material/Button';
import type { Platform } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { API_BASE } from '@/lib/api-client';
import { startDownload } from '@/lib/download';
import { formatBytes } from '@/lib/format';

/**
 * The whole platform as one zip (`GET /api/roms/download?platform_id=`): streamed by the server
 * with its exact size announced, so the browser's downloads show the progress and time left.
 */
export function PlatformZipButton({ platform }: { platform: Platform | undefined }) {
  const { t } = useTranslation('platform');
  if (platform === undefined || platform.rom_count === 0) return null;
  const query = new URLSearchParams({
    platform_id: String(platform.id),
    filename: platform.display_name,
  });
  return (
    <Button
      variant="outlined"
      startIcon={<FolderZipRounded />}
      onClick={() => startDownload(`${API_BASE}/roms/download?${query.toString()}`)}
      // The size as a tooltip: the accessible name stays the visible text (WCAG 2.5.3).
      title={t('platform.download-zip-label', { size: formatBytes(platform.fs_size_bytes) })}
      data-testid="platform-zip-button"
    >
      {t('platform.download-zip')}
    </Button>
  );
}

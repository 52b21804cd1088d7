import type { DetailedRom } from '@romshelf/contract';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { romFileUrl } from '../api/manuals';
import { RomOwnScreenshots } from './rom-own-screenshots';
import { RomScreenshots } from './rom-screenshots';
import { RomVideo } from './rom-video';
import { Section } from './section';

/**
 * Every screenshot of the game's gallery: the metadata sources', those in the game's folder,
 * and users' own (the caller's and everyone's shared ones).
 */
export function galleryScreenshots(rom: DetailedRom): string[] {
  return [
    ...rom.merged_screenshots,
    ...rom.files.filter((file) => file.category === 'screenshot').map(romFileUrl),
    ...rom.all_user_screenshots.filter((shot) => shot.is_gallery).map((shot) => shot.download_path),
  ];
}

/** The trailer, the screenshots and the caller's own; nothing when there is nothing to show or add. */
export function RomMedia({
  rom,
  onChange,
}: {
  rom: DetailedRom;
  onChange: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const videoBase = useHeartbeatStore((state) => state.value?.FRONTEND.YOUTUBE_BASE_URL);
  const canAdd = useHasScopes('assets.write');
  const screenshots = galleryScreenshots(rom);
  const videoId = videoBase ? rom.youtube_video_id : null;
  if (!videoId && screenshots.length === 0 && !canAdd) return null;
  return (
    <Section title={t('media.title')}>
      <Stack spacing={1.5}>
        {videoBase && videoId ? (
          <RomVideo
            baseUrl={videoBase}
            videoId={videoId}
            poster={screenshots[0] ?? (rom.path_cover_large || null)}
          />
        ) : null}
        <RomScreenshots urls={screenshots} />
        <RomOwnScreenshots rom={rom} onChange={onChange} />
      </Stack>
    </Section>
  );
}

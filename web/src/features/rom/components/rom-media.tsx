import type { DetailedRom } from '@romshelf/contract';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

import { RomScreenshots } from './rom-screenshots';
import { RomVideo } from './rom-video';
import { Section } from './section';

/** The trailer and the screenshots; nothing when the game has neither. */
export function RomMedia({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  const videoBase = useHeartbeatStore((state) => state.value?.FRONTEND.YOUTUBE_BASE_URL);
  const screenshots = rom.merged_screenshots;
  const videoId = videoBase ? rom.youtube_video_id : null;
  if (!videoId && screenshots.length === 0) return null;
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
      </Stack>
    </Section>
  );
}

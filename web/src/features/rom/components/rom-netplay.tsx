import LockRounded from '@mui/icons-material/LockRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DetailedRom, NetplayRoomSummary } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { netplayJoinHref, openNetplayRoom, rememberRoomPassword } from '@/lib/netplay-join';
import { usePlayability } from '@/lib/playability';
import { useNetplayRoomsQuery } from '@/shared/api/netplay-rooms';
import { useConfigStore } from '@/shared/stores/config-store';

import { NetplayPasswordDialog } from './netplay-password-dialog';
import { Section } from './section';

interface PendingJoin {
  sessionId: string;
  room: NetplayRoomSummary;
}

/**
 * "Play together": the game's open netplay rooms, live, each joined with one button (and its
 * password, when it has one). Shown when config.yml enables netplay and the game plays in
 * EmulatorJS.
 */
export function RomNetplay({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  const enabled = useConfigStore((state) => state.value?.EJS_NETPLAY_ENABLED === true);
  const playability = usePlayability(rom);
  const shown = enabled && playability?.kind === 'ejs' && playability.reason === null;
  const rooms = useNetplayRoomsQuery(rom.id, shown);
  const [pending, setPending] = useState<PendingJoin | null>(null);
  if (!shown) return null;
  const entries = Object.entries(rooms.data ?? {});
  return (
    <Section title={t('netplay.title')} testId="rom-netplay">
      {rooms.error ? <Alert severity="error">{errorMessage(rooms.error)}</Alert> : null}
      {rooms.isSuccess && entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="rom-netplay-empty">
          {t('netplay.empty')}
        </Typography>
      ) : null}
      <Stack spacing={1}>
        {entries.map(([sessionId, room]) => (
          <Stack
            key={sessionId}
            direction="row"
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
            data-testid="rom-netplay-room"
          >
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {room.room_name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('netplay.players', { current: room.current, max: room.max })}
                {room.hasPassword ? ` · ${t('netplay.password-protected')}` : ''}
              </Typography>
            </Stack>
            {room.hasPassword ? (
              <Button
                variant="outlined"
                startIcon={<LockRounded />}
                data-testid="rom-netplay-join"
                onClick={() => setPending({ sessionId, room })}
              >
                {t('netplay.join', { name: room.player_name })}
              </Button>
            ) : (
              // A link: the player page is a full page load (it is served cross-origin isolated).
              <Button
                variant="outlined"
                href={netplayJoinHref(rom.id, sessionId)}
                data-testid="rom-netplay-join"
              >
                {t('netplay.join', { name: room.player_name })}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      {pending !== null ? (
        <NetplayPasswordDialog
          ownerName={pending.room.player_name}
          onCancel={() => setPending(null)}
          onJoin={(password) => {
            rememberRoomPassword(pending.sessionId, password);
            openNetplayRoom(rom.id, pending.sessionId);
          }}
        />
      ) : null}
    </Section>
  );
}

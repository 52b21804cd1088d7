import { useEffect } from 'react';

import { api } from '@/lib/api-client';

/** Shorter stretches are not worth a session (a start that failed, a misclick). */
const MIN_SESSION_MS = 5_000;

/**
 * Reports the time the game ran in the web player as one play session (RomM's
 * `POST /api/play-sessions`) when it stops running: quit, or leaving the page.
 */
export function usePlayTimeReport(romId: number, running: boolean): void {
  useEffect(() => {
    if (!running) return;
    const start = new Date();
    return () => {
      const end = new Date();
      const durationMs = end.getTime() - start.getTime();
      if (durationMs < MIN_SESSION_MS) return;
      void api
        .post('/play-sessions', {
          json: {
            sessions: [
              {
                rom_id: romId,
                start_time: start.toISOString(),
                end_time: end.toISOString(),
                duration_ms: durationMs,
              },
            ],
          },
        })
        .catch(() => undefined);
    };
  }, [romId, running]);
}

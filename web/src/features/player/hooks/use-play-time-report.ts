import { useEffect, useRef } from 'react';

import type { PlayStretch } from '../api/play-api';
import { fetchPlayToken, reportPlayStretch, sendPlayBeacon } from '../api/play-api';

/** Shorter stretches are not worth a session (a start that failed, a misclick). */
const MIN_SESSION_MS = 5_000;

/**
 * Reports the time the game runs in the web player as play sessions (RomM's
 * `POST /api/play-sessions`), one per stretch in view: a stretch ends when the game stops (quit,
 * leaving the page in the app), and when the tab is hidden or closed, reported then by
 * `navigator.sendBeacon` with a per-play token (a normal request may not outlive the tab). Back
 * in view, a new stretch starts. `onTabAway` is told the token then too (to beacon the save file).
 */
export function usePlayTimeReport(
  romId: number,
  running: boolean,
  onTabAway: (token: string) => void = () => undefined,
): void {
  const tabAway = useRef(onTabAway);
  useEffect(() => {
    tabAway.current = onTabAway;
  });
  useEffect(() => {
    if (!running) return;
    let start: Date | null = new Date();
    let token: string | null = null;
    void fetchPlayToken(romId)
      .then((issued) => {
        token = issued.token;
      })
      .catch(() => undefined);

    const finish = (tabClosing: boolean) => {
      if (tabClosing && token !== null) tabAway.current(token);
      if (start === null) return;
      const end = new Date();
      const stretch: PlayStretch = {
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        duration_ms: end.getTime() - start.getTime(),
      };
      start = null;
      if (stretch.duration_ms < MIN_SESSION_MS) return;
      if (tabClosing && token !== null && sendPlayBeacon(token, stretch)) return;
      void reportPlayStretch(romId, stretch).catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') finish(true);
      else start ??= new Date();
    };
    const onPageHide = () => finish(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      finish(false);
    };
  }, [romId, running]);
}

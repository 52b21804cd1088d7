import { useEffect, useRef } from 'react';

/**
 * Play, asked for before the session's settings have loaded (a fast click on a slow
 * connection), starts once they have: the game then starts with them (netplay, the latest
 * save) rather than without. The button stays enabled (and focused) meanwhile. Returns the
 * function that asks for play.
 */
export function usePlayWhenReady(ready: boolean, play: () => void): () => void {
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current || !ready) return;
    asked.current = false;
    play();
  }, [ready, play]);
  return () => {
    if (ready) play();
    else asked.current = true;
  };
}

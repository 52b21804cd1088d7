import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** True when the current document was loaded from the server at `pathname`. */
export function documentLoadedAt(pathname: string): boolean {
  const entries =
    typeof performance.getEntriesByType === 'function'
      ? performance.getEntriesByType('navigation')
      : [];
  const first = entries[0];
  if (first === undefined) return true;
  try {
    return new URL(first.name).pathname.replace(/\/$/, '') === pathname.replace(/\/$/, '');
  } catch {
    return true;
  }
}

/**
 * The player pages get their own response headers from the server (cross-origin isolation for
 * the threaded cores, a CSP that lets the cores run from blob: URLs), which only apply to a page
 * loaded from the server. Reached by client-side navigation, the page reloads itself once; when
 * the user leaves it by client-side navigation, the next page reloads too, so the rest of the
 * app never runs isolated. Returns whether the page may start (false while reloading).
 */
export function useFullPageLoad(): boolean {
  const location = useLocation();
  const fresh = documentLoadedAt(location.pathname);
  useEffect(() => {
    if (!fresh) window.location.reload();
  }, [fresh]);
  useEffect(() => {
    const playerPath = window.location.pathname;
    return () => {
      // Strict mode runs this at once while still on the page: only act after a real move.
      if (window.location.pathname !== playerPath) window.location.reload();
    };
  }, []);
  return fresh;
}

import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

/** Whether the start of this app has been looked at (once per page load, once signed in). */
let decided = false;

/**
 * "Start in console mode": the first time a signed-in user's app lands on home, console mode
 * opens instead. Leaving console mode for home later stays on home.
 */
export function useStartInConsole(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const userId = useUiSettingsStore((state) => state.userId);
  const start = useUiSettingsStore((state) => state.settings.startInConsole);
  useEffect(() => {
    if (decided || userId === null) return;
    decided = true;
    if (start && pathname === '/') void navigate('/console', { replace: true });
  }, [navigate, pathname, userId, start]);
}

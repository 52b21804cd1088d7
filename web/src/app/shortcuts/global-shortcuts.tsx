import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';

import { SEARCH_INPUT_ID } from '@/lib/search-url';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useHasScopes } from '@/shared/stores/use-scopes';
import type { ShortcutAction } from './shortcut-keys';
import { useGamepadFocus } from './use-gamepad-focus';
import { useHashFocus } from './use-hash-focus';
import { isModalOpen, useKeyboardShortcuts } from './use-keyboard-shortcuts';

/* The sheet loads on its first opening, not with every page. */
const ShortcutsSheet = lazy(async () => ({
  default: (await import('./shortcuts-sheet')).ShortcutsSheet,
}));

/** The players take every key and button for the game. */
const PLAYER_PATH = /^\/rom\/[^/]+\/(ejs|ruffle)\/?$/;

/** The main UI's keyboard shortcuts and gamepad focus, and the sheet that lists them. */
export function GlobalShortcuts() {
  const { pathname } = useLocation();
  const canScan = useHasScopes('platforms.write');
  const [sheet, setSheet] = useState<'closed' | 'open' | 'mounted'>('closed');
  const enabled = !PLAYER_PATH.test(pathname);

  const run = (action: ShortcutAction): void => {
    const navigation = useNavigationStore.getState();
    switch (action) {
      case 'focusSearch':
        document.getElementById(SEARCH_INPUT_ID)?.focus();
        return;
      case 'showShortcuts':
        setSheet('open');
        return;
      case 'goHome':
        navigation.goHome();
        return;
      case 'openPlatforms':
        navigation.openDrawer('platforms');
        return;
      case 'openCollections':
        navigation.openDrawer('collections');
        return;
      case 'goScan':
        navigation.goScan();
    }
  };
  useKeyboardShortcuts(run, enabled, canScan);
  useHashFocus();
  useGamepadFocus(() => {
    if (!isModalOpen()) setSheet('open');
  }, enabled);

  if (sheet === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsSheet
        open={sheet === 'open'}
        canScan={canScan}
        onClose={() => setSheet('mounted')}
      />
    </Suspense>
  );
}

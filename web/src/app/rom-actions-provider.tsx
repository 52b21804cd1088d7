import { lazy, Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

import { RomActionsContext } from '../components/rom-actions-context';
import type { RomActions } from '../components/rom-actions-context';

/**
 * One of the feature's components, loaded with the first page that shows it (or earlier through
 * `preload`). Each comes from its own module, so a page showing ROM menus does not download the
 * dialogs too. Once loaded it renders directly: a lazy component would suspend again on each new
 * mount point, holding back the cards around it.
 */
export function lazily<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function LazyRomAction(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component on a later
    // render would remount it, and an open dialog would lose what the person did in it.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyRomAction, { preload });
}

const RomMenu = lazily(
  async () => (await import('../features/rom-actions/components/rom-menu')).RomMenu,
);

/** Starts loading the ROM menu, which every game card carries, before the first card renders. */
export function preloadRomMenu(): void {
  void RomMenu.preload().catch((error: unknown) =>
    console.error('Could not load the ROM menu', error),
  );
}

const ROM_ACTIONS: RomActions = {
  RomMenu,
  EditRomDialog: lazily(
    async () => (await import('../features/rom-actions/components/edit-rom-dialog')).EditRomDialog,
  ),
  MatchRomDialog: lazily(
    async () =>
      (await import('../features/rom-actions/components/match/match-rom-dialog')).MatchRomDialog,
  ),
  DeleteRomsDialog: lazily(
    async () =>
      (await import('../features/rom-actions/components/delete-roms-dialog')).DeleteRomsDialog,
  ),
  AddToCollectionDialog: lazily(
    async () =>
      (await import('../features/rom-actions/components/add-to-collection-dialog'))
        .AddToCollectionDialog,
  ),
  PatchRomDialog: lazily(
    async () =>
      (await import('../features/rom-actions/components/patch-rom-dialog')).PatchRomDialog,
  ),
  // The socket.io client comes with the scan module: loaded on the first refresh, not with the page.
  refreshMetadata: (roms) => {
    void import('../features/scan/scan-socket').then((scan) => scan.refreshMetadata(roms));
  },
};

/** Gives the gallery, home and details pages the ROM menu and dialogs of the rom-actions feature. */
export function RomActionsProvider({ children }: { children: ReactNode }) {
  return <RomActionsContext value={ROM_ACTIONS}>{children}</RomActionsContext>;
}

import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';

import { RomActionsContext } from '../components/rom-actions-context';
import type { RomActions } from '../components/rom-actions-context';

const load = () => import('../features/rom-actions');

/** One of the feature's components, loaded with the first page that shows it. */
function lazily<P extends object>(
  pick: (module: Awaited<ReturnType<typeof load>>) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  return function LazyRomAction(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const ROM_ACTIONS: RomActions = {
  RomMenu: lazily((module) => module.RomMenu),
  EditRomDialog: lazily((module) => module.EditRomDialog),
  MatchRomDialog: lazily((module) => module.MatchRomDialog),
  DeleteRomsDialog: lazily((module) => module.DeleteRomsDialog),
};

/** Gives the gallery, home and details pages the ROM menu and dialogs of the rom-actions feature. */
export function RomActionsProvider({ children }: { children: ReactNode }) {
  return <RomActionsContext value={ROM_ACTIONS}>{children}</RomActionsContext>;
}

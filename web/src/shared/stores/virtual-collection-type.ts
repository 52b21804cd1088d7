import { VIRTUAL_COLLECTION_TYPES } from '@romshelf/contract';
import type { VirtualCollectionType } from '@romshelf/contract';

import { useUiSettingsStore } from './ui-settings-store';

/** RomM's default kind of virtual collection to list. */
const DEFAULT_TYPE: VirtualCollectionType = 'collection';

function isVirtualType(value: unknown): value is VirtualCollectionType | 'all' {
  return value === 'all' || (VIRTUAL_COLLECTION_TYPES as readonly unknown[]).includes(value);
}

/**
 * The kind of virtual collection the user chose to see (RomM's `virtualCollectionType` in
 * `ui_settings`), whether the interface settings know the key yet or keep it among other
 * apps' keys.
 */
export function useVirtualCollectionType(): VirtualCollectionType | 'all' {
  return useUiSettingsStore((state) => {
    const stored =
      (state.settings as Record<string, unknown>).virtualCollectionType ??
      state.others.virtualCollectionType;
    return isVirtualType(stored) ? stored : DEFAULT_TYPE;
  });
}

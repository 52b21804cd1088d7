import type { RomListPage } from '@romshelf/contract';
import { useCallback, useLayoutEffect, useRef } from 'react';

import { knownRoms } from './gallery-pages';
import { useGalleryStore } from './stores/gallery-store';

/**
 * A click that selects a ROM (shift: the range from the last one), entering select mode. The
 * ROMs known in list order, as a range sees them, are read without a new handler per page.
 */
export function useGallerySelect(pages: ReadonlyMap<number, RomListPage>) {
  const loaded = useRef(pages);
  useLayoutEffect(() => {
    loaded.current = pages;
  }, [pages]);
  return useCallback((id: number, range: boolean) => {
    const store = useGalleryStore.getState();
    if (!store.selectMode) store.setSelectMode(true);
    if (range) {
      store.selectRange(
        id,
        knownRoms(loaded.current).map((rom) => rom.id),
      );
    } else store.toggleSelected(id);
  }, []);
}

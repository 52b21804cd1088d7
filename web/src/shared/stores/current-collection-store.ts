import { create } from 'zustand';

import type { CollectionRef } from '@/shared/api/collections';

/** The collection whose gallery is on screen, for the collection info drawer. */
export const useCurrentCollectionStore = create<{
  current: CollectionRef | null;
  setCurrent: (ref: CollectionRef | null) => void;
}>()((set) => ({
  current: null,
  setCurrent: (current) => set({ current }),
}));

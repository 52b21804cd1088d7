import { create } from 'zustand';

const STORAGE_KEY = 'romshelf.gallery-filters';

function load(): Record<string, string> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return {};
    return Object.fromEntries(
      Object.entries(saved).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export interface FilterMemoryState {
  /** The last filters (`filtersKey`) of each gallery context, e.g. `platform:3` or `search`. */
  remembered: Readonly<Record<string, string>>;
  remember: (context: string, filters: string) => void;
}

/**
 * The filters last used in each gallery context, for the tab's session: opening a platform again
 * brings its filters back. Kept in session storage, so a reload keeps them too.
 */
export const useFilterMemoryStore = create<FilterMemoryState>()((set, get) => ({
  remembered: load(),
  remember: (context, filters) => {
    if ((get().remembered[context] ?? '') === filters) return;
    const others = Object.entries(get().remembered).filter(([name]) => name !== context);
    const remembered = Object.fromEntries(
      filters === '' ? others : [...others, [context, filters]],
    );
    set({ remembered });
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(remembered));
    } catch {
      // Storage unavailable: the filters are still remembered for this visit.
    }
  },
}));

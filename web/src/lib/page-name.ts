import { useEffect } from 'react';
import { create } from 'zustand';

interface PageNameState {
  name: string | null;
}

/** The name of what the current page shows (a game, a platform), which leads the tab title. */
export const usePageNameStore = create<PageNameState>()(() => ({ name: null }));

/** Names the current page in the tab title while it is shown; `undefined` while loading. */
export function usePageName(name: string | undefined): void {
  useEffect(() => {
    if (name === undefined || name === '') return undefined;
    usePageNameStore.setState({ name });
    return () => usePageNameStore.setState({ name: null });
  }, [name]);
}

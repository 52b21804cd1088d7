import { createContext, useContext } from 'react';

/** Tells the layouts to show the not-found page instead of a route the user may not open. */
export const GuardContext = createContext<{ notFound: boolean }>({ notFound: false });

export function useGuardNotFound(): boolean {
  return useContext(GuardContext).notFound;
}

import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Renders its (lazily loaded) children from the first time `open` is true on, and keeps them
 * mounted after, so a drawer or dialog still animates when it closes. Until then, neither the
 * children nor their code are loaded: the first page of the app downloads less.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The game id a link leads to (`/rom/12`, not `/rom/12/ejs`), or null for any other link. */
export function romLinkId(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest('a[href]');
  if (!link) return null;
  const url = new URL(link.getAttribute('href') ?? '', window.location.href);
  if (url.origin !== window.location.origin) return null;
  return /^\/rom\/(\d+)\/?$/.exec(url.pathname)?.[1] ?? null;
}

/**
 * Calls `prefetch` with the game's id when the pointer comes over, or focus reaches, a link to a
 * game's page (a card, a list row), once per game in a row, so its page can open at once on the
 * click. Returns the function that stops watching.
 */
export function watchRomLinks(root: Document, prefetch: (id: string) => void): () => void {
  let last: string | null = null;
  const onEvent = (event: Event) => {
    const id = romLinkId(event.target);
    if (id === null || id === last) return;
    last = id;
    prefetch(id);
  };
  root.addEventListener('pointerover', onEvent, { passive: true });
  root.addEventListener('focusin', onEvent);
  return () => {
    root.removeEventListener('pointerover', onEvent);
    root.removeEventListener('focusin', onEvent);
  };
}

/** A link to a game's page: what every game card and list row holds. */
const GAME_LINK = 'a[href^="/rom/"]';

/** Runs `task` as soon as the browser has nothing else to do. */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

/**
 * Runs `task` once, when the browser is idle after the page first shows a game (a card, a list
 * row), so it never competes with what the first cards need however slow they are; on a page
 * without games, `fallbackMs` after the start. Returns the function that stops waiting.
 */
export function afterFirstCards(root: Document, task: () => void, fallbackMs = 5000): () => void {
  let waiting = true;
  const stop = () => {
    waiting = false;
    observer.disconnect();
    clearTimeout(fallback);
  };
  const run = () => {
    if (!waiting) return;
    stop();
    whenIdle(task);
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector(GAME_LINK) !== null) run();
  });
  const fallback = setTimeout(run, fallbackMs);
  if (root.querySelector(GAME_LINK) !== null) run();
  else observer.observe(root, { childList: true, subtree: true });
  return stop;
}

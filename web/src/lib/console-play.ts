/**
 * How console mode opens a player page: `?console=1` asks the player to start at once, fill the
 * screen, and go back to console mode on Escape or the gamepad's Select + Start; `start` names
 * what to continue from (the player's own default when absent).
 */
export type ConsoleStart =
  { type: 'fresh' } | { type: 'state'; id: number } | { type: 'save'; id: number };

export function consolePlayHref(playerHref: string, start: ConsoleStart | null): string {
  const params = new URLSearchParams({ console: '1' });
  if (start !== null) {
    params.set('start', start.type === 'fresh' ? 'fresh' : `${start.type}:${String(start.id)}`);
  }
  return `${playerHref}?${params.toString()}`;
}

/** The console request of a player page's address; null when the page was not opened by it. */
export function parseConsolePlay(search: string): { start: ConsoleStart | null } | null {
  const params = new URLSearchParams(search);
  if (params.get('console') !== '1') return null;
  const start = params.get('start') ?? '';
  if (start === 'fresh') return { start: { type: 'fresh' } };
  const match = /^(state|save):(\d+)$/.exec(start);
  if (match === null) return { start: null };
  return { start: { type: match[1] as 'state' | 'save', id: Number(match[2]) } };
}

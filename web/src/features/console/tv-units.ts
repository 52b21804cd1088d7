/**
 * Console mode's sizes: one unit is 1% of the screen height (of a 16:9 area on wider screens), so
 * a 1080p and a 4K television show the same layout, the 4K one twice as sharp, and type stays
 * readable from the couch. Never below 4 px (phones).
 */
export const TV_UNIT = 'max(4px, min(1vh, 0.5625vw))';

/** `n` console units, as CSS. */
export function tv(n: number): string {
  return `calc(var(--tv) * ${String(n)})`;
}

/** The unit in pixels for the current window (for layout arithmetic in script). */
export function tvUnitPx(): number {
  return Math.max(4, Math.min(window.innerHeight / 100, (window.innerWidth * 0.5625) / 100));
}

/** TV overscan: the title-safe margins, 5% of each side. */
export const SAFE_MARGIN_Y = tv(5);
export const SAFE_MARGIN_X = 'max(16px, 5vw)';

/** Covers in 4K need the large artwork; 1080p does with the small one. */
export function wantsLargeArt(): boolean {
  return tvUnitPx() * window.devicePixelRatio > 14;
}

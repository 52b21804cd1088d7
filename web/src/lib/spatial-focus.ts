/**
 * Focus moved by direction (arrow keys on cards, a gamepad's d-pad anywhere): the focusable
 * nearest the focused element's centre on that side, favouring the same row or column.
 */
export type Direction = 'up' | 'down' | 'left' | 'right';

/** The attribute marking the cards of galleries, rails and grids that arrow keys move between. */
export const NAV_CARD_ATTRIBUTE = 'data-nav-card';
const CARD_SELECTOR = `[${NAV_CARD_ATTRIBUTE}]`;
const FOCUSABLE_SELECTOR = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Weight of the off-axis distance: a card straight below beats a nearer one off to the side. */
const OFF_AXIS_WEIGHT = 2;

/**
 * The index of the box nearest `from` in `direction`, or -1. Left and right stay on the boxes
 * sharing a row with `from` (no wrapping to the next row); up and down take any box above or below.
 */
export function nearestInDirection(from: Box, boxes: readonly Box[], direction: Direction): number {
  const centre = (box: Box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  const origin = centre(from);
  const horizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  let best = -1;
  let bestScore = Infinity;
  boxes.forEach((box, index) => {
    const point = centre(box);
    const along = (horizontal ? point.x - origin.x : point.y - origin.y) * sign;
    const across = Math.abs(horizontal ? point.y - origin.y : point.x - origin.x);
    if (along < 1) return;
    if (horizontal && (box.top >= from.top + from.height || box.top + box.height <= from.top))
      return;
    const score = along + OFF_AXIS_WEIGHT * across;
    if (score < bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

function isShown(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return (
    box.width > 0 && box.height > 0 && element.closest('[aria-hidden="true"], [inert]') === null
  );
}

/** MUI's dialogs, drawers and menus that are open (a kept-mounted closed one is hidden). */
export const OPEN_MODAL_SELECTOR = '.MuiModal-root:not(.MuiModal-hidden)';

/** The open dialog, drawer or menu (MUI keeps focus inside the topmost), else the whole page. */
function focusScope(): ParentNode {
  const modals = document.querySelectorAll(OPEN_MODAL_SELECTOR);
  return modals.length > 0 ? (modals[modals.length - 1] as Element) : document;
}

export function isNavCard(element: EventTarget | null): element is HTMLElement {
  return element instanceof HTMLElement && element.matches(CARD_SELECTOR);
}

/**
 * Moves focus from the focused element to its neighbour in `direction`: among the cards when a
 * card has focus or `cardsOnly`, else among all focusable elements of the open dialog or page.
 * With nothing focused, focuses the first card (or focusable). Returns whether focus moved.
 */
export function moveFocus(direction: Direction, cardsOnly: boolean = false): boolean {
  const active = document.activeElement;
  const fromCard = isNavCard(active);
  const selector = cardsOnly || fromCard ? CARD_SELECTOR : FOCUSABLE_SELECTOR;
  const candidates = Array.from(focusScope().querySelectorAll<HTMLElement>(selector)).filter(
    (element) => element !== active && isShown(element),
  );
  let target: HTMLElement | undefined;
  if (active === null || active === document.body || !(active instanceof HTMLElement)) {
    const scope = focusScope();
    target =
      Array.from(scope.querySelectorAll<HTMLElement>(CARD_SELECTOR)).find(isShown) ?? candidates[0];
  } else {
    const index = nearestInDirection(
      active.getBoundingClientRect(),
      candidates.map((element) => element.getBoundingClientRect()),
      direction,
    );
    target = candidates[index];
  }
  if (target === undefined) return false;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return true;
}

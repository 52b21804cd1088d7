import { useEffect, useRef } from 'react';
import { NavigationType, useNavigationType } from 'react-router';

import { useGalleryStore } from './stores/gallery-store';

/** The page's scroll position per context, written as it scrolls, for a return to it. */
const scrollPositions = new Map<string, number>();
/** How many frames a return keeps setting the remembered position (about half a second). */
const RESTORE_FRAMES = 30;

/**
 * Opening the gallery starts a fresh selection, unless this is a return (back/forward) to the
 * context it was made in; closing it keeps the selection for that return. A return also scrolls
 * back to where the context was left: the list is drawn at its full height from the cached
 * pages and the remembered layout, then the position is set once the rows are laid out.
 */
export function useReturnToPlace(platformId: number | null, place: string) {
  const navigationType = useNavigationType();
  const returning = useRef(navigationType === NavigationType.Pop);
  useEffect(() => {
    useGalleryStore.getState().enter(platformId, place, returning.current);
    return () => useGalleryStore.getState().leave();
  }, [platformId, place]);
  useEffect(() => {
    const saved = scrollPositions.get(place);
    let frame = 0;
    // The rows settle over a few frames (page height, measured row height), so the position is
    // set again each frame for a moment, until the person scrolls or touches the page.
    let framesLeft = RESTORE_FRAMES;
    const restore = () => {
      if (saved === undefined) return;
      if (Math.abs(window.scrollY - saved) > 1) window.scrollTo({ top: saved });
      framesLeft -= 1;
      if (framesLeft > 0) frame = requestAnimationFrame(restore);
    };
    const stopRestoring = () => {
      framesLeft = 0;
      cancelAnimationFrame(frame);
    };
    if (returning.current && saved !== undefined) frame = requestAnimationFrame(restore);
    const remember = () => {
      if (framesLeft <= 0 || !returning.current) scrollPositions.set(place, window.scrollY);
    };
    if (!returning.current) framesLeft = 0;
    const interactions = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const type of interactions)
      window.addEventListener(type, stopRestoring, { passive: true });
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      stopRestoring();
      for (const type of interactions) window.removeEventListener(type, stopRestoring);
      window.removeEventListener('scroll', remember);
    };
  }, [place]);
}

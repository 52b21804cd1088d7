import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to draw the section an address's `#id` names. */
const WAIT_FOR_SECTION_MS = 10_000;

/**
 * Leads an address's `#id` (the installed app's "Continue playing" shortcut opens
 * `/#continue-playing`) to that section once the page draws it: scrolled to, first card focused.
 */
export function useHashFocus(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id === '') return undefined;
    const reveal = (): boolean => {
      const section = document.getElementById(id);
      if (section === null) return false;
      section.scrollIntoView({ block: 'start' });
      section.querySelector<HTMLElement>('[data-nav-card]')?.focus({ preventScroll: true });
      return true;
    };
    if (reveal()) return undefined;
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_SECTION_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, hash]);
}

export const LOADING_LOGO_ID = 'app-loading';
const FADE_MS = 350;

/** Fades out and removes the full-screen logo of index.html once a page is on screen. */
export function hideLoadingLogo(): void {
  const element = document.getElementById(LOADING_LOGO_ID);
  if (!element || element.classList.contains('app-loading--hidden')) return;
  element.classList.add('app-loading--hidden');
  setTimeout(() => element.remove(), FADE_MS + 50);
}

/**
 * A tiny bridge so code outside React (the API client, stores) can change the route.
 * The app registers the router's navigate function at start; until then a full page load is used.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

const fallbackNavigate: Navigate = (to) => {
  // Before the router exists a navigation is a page load; never reload onto the same address.
  if (to === window.location.pathname + window.location.search) return;
  window.location.assign(to);
};

let current: Navigate = fallbackNavigate;

export function setNavigator(navigate: Navigate | null): void {
  current = navigate ?? fallbackNavigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}

/**
 * Joining a netplay room from the game page: the player page opens with `?netplay=<room id>`
 * (a full page load, so the room password waits in this tab's session storage, never in the URL).
 */

export const NETPLAY_JOIN_PARAM = 'netplay';

const passwordKey = (sessionId: string) => `netplay.password.${sessionId}`;

/** The player page that joins the room once its game runs. */
export function netplayJoinHref(romId: number, sessionId: string): string {
  return `/rom/${String(romId)}/ejs?${NETPLAY_JOIN_PARAM}=${encodeURIComponent(sessionId)}`;
}

/** Opens the player into the room (a full page load: the player page is cross-origin isolated). */
export function openNetplayRoom(romId: number, sessionId: string): void {
  window.location.assign(netplayJoinHref(romId, sessionId));
}

export function rememberRoomPassword(sessionId: string, password: string): void {
  sessionStorage.setItem(passwordKey(sessionId), password);
}

/** The password given for a room in this tab, if any. */
export function roomPassword(sessionId: string): string | null {
  return sessionStorage.getItem(passwordKey(sessionId));
}

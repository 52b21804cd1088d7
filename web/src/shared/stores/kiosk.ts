import { KIOSK_PLAY_SCOPES, KIOSK_SCOPES } from '@romshelf/contract';

import { useAuthStore } from './auth-store';
import { useHeartbeatStore } from './heartbeat-store';

/** A visitor of a kiosk-mode server (KIOSK_MODE) who is not signed in. */
export interface KioskVisitor {
  /** True for an anonymous visitor of a kiosk-mode server. */
  visitor: boolean;
  /** KIOSK_ALLOW_PLAY: the visitor may play in the browser. */
  allowPlay: boolean;
  /** What the visitor may read (empty when not a visitor). */
  scopes: readonly string[];
}

const NOT_A_VISITOR: KioskVisitor = { visitor: false, allowPlay: false, scopes: [] };

/** Kiosk mode as the heartbeat describes it, for whoever is not signed in. */
export function kioskVisitorOf(
  signedIn: boolean,
  frontend: { KIOSK_MODE: boolean; KIOSK_ALLOW_PLAY: boolean } | undefined,
): KioskVisitor {
  if (signedIn || frontend?.KIOSK_MODE !== true) return NOT_A_VISITOR;
  const allowPlay = frontend.KIOSK_ALLOW_PLAY;
  return { visitor: true, allowPlay, scopes: allowPlay ? KIOSK_PLAY_SCOPES : KIOSK_SCOPES };
}

export function useKioskVisitor(): KioskVisitor {
  const signedIn = useAuthStore((state) => state.user !== null);
  const frontend = useHeartbeatStore((state) => state.value?.FRONTEND);
  return kioskVisitorOf(signedIn, frontend);
}

/** The scopes the app acts on: the signed-in user's, or a kiosk visitor's. */
export function useEffectiveScopes(): readonly string[] {
  const granted = useAuthStore((state) => state.oauth_scopes);
  const kiosk = useKioskVisitor();
  return kiosk.visitor ? kiosk.scopes : granted;
}

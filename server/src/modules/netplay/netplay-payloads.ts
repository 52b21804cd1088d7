import type { RoomRequest } from './netplay.service.js';

/**
 * Reads an `open-room` / `join-room` payload the way EmulatorJS's clients send it:
 * `{ extra: { sessionid, userid | playerId, room_name, game_id, domain, room_password },
 * maxPlayers, password }` (4.2.3 sends the password beside `extra`, RomM's client inside it).
 * Anything malformed reads as missing.
 */
export function roomRequestOf(payload: unknown): RoomRequest {
  const data = record(payload);
  const extra = record(data.extra);
  return {
    sessionId: text(extra.sessionid),
    userid: text(extra.userid),
    playerId: text(extra.playerId),
    roomName: text(extra.room_name),
    gameId: text(extra.game_id),
    domain: text(extra.domain),
    password: text(extra.room_password) ?? text(data.password),
    maxPlayers: typeof data.maxPlayers === 'number' ? data.maxPlayers : null,
  };
}

/** A `webrtc-signal` payload: its target socket and what is relayed to it. */
export interface WebRtcSignal {
  target: string | null;
  requestRenegotiate: boolean;
  candidate: unknown;
  offer: unknown;
  answer: unknown;
}

export function webRtcSignalOf(payload: unknown): WebRtcSignal {
  const data = record(payload);
  return {
    target: text(data.target),
    requestRenegotiate: data.requestRenegotiate === true,
    candidate: data.candidate ?? null,
    offer: data.offer ?? null,
    answer: data.answer ?? null,
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A non-empty string, or a number as text (EmulatorJS sends the game id as a number). */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

import type { Firmware, PlayBeaconToken, Save, State } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { API_BASE, api } from '@/lib/api-client';

/** The query keys of the player's data: a platform's firmware, a game's saves and states. */
export const playKeys = {
  firmware: (platformId: number) => ['firmware', platformId] as const,
  states: (romId: number) => ['states', romId] as const,
  saves: (romId: number) => ['saves', romId] as const,
};

/** GET /api/firmware?platform_id= */
export function fetchFirmware(platformId: number): Promise<Firmware[]> {
  return api.get<Firmware[]>('/firmware', { query: { platform_id: platformId } });
}

export const firmwareQueryOptions = (platformId: number) =>
  queryOptions({
    queryKey: playKeys.firmware(platformId),
    queryFn: () => fetchFirmware(platformId),
  });

export function useFirmwareQuery(platformId: number | undefined) {
  return useQuery({ ...firmwareQueryOptions(platformId ?? 0), enabled: platformId !== undefined });
}

/** GET /api/states?rom_id= (newest first) */
export function fetchStates(romId: number): Promise<State[]> {
  return api.get<State[]>('/states', { query: { rom_id: romId } });
}

/** GET /api/saves?rom_id= (newest first) */
export function fetchSaves(romId: number): Promise<Save[]> {
  return api.get<Save[]>('/saves', { query: { rom_id: romId } });
}

export const statesQueryOptions = (romId: number) =>
  queryOptions({ queryKey: playKeys.states(romId), queryFn: () => fetchStates(romId) });
export const savesQueryOptions = (romId: number) =>
  queryOptions({ queryKey: playKeys.saves(romId), queryFn: () => fetchSaves(romId) });

export function useStatesQuery(romId: number | undefined) {
  return useQuery({ ...statesQueryOptions(romId ?? 0), enabled: romId !== undefined });
}
export function useSavesQuery(romId: number | undefined) {
  return useQuery({ ...savesQueryOptions(romId ?? 0), enabled: romId !== undefined });
}

function form(field: string, fileName: string, data: Uint8Array, screenshot: Blob | null) {
  const body = new FormData();
  body.append(field, new Blob([data as BlobPart]), fileName);
  if (screenshot !== null) {
    body.append('screenshotFile', screenshot, fileName.replace(/\.[^.]+$/, '.png'));
  }
  return body;
}

/** POST /api/states: the state bytes plus the emulator's screenshot. */
export function uploadState(
  romId: number,
  emulator: string,
  fileName: string,
  data: Uint8Array,
  screenshot: Blob | null,
): Promise<State> {
  return api.post<State>('/states', {
    query: { rom_id: romId, emulator },
    body: form('stateFile', fileName, data, screenshot),
    timeoutMs: 120_000,
  });
}

/** POST /api/saves: the save (SRAM) file; the same name replaces the previous upload. */
export function uploadSave(
  romId: number,
  emulator: string,
  fileName: string,
  data: Uint8Array,
  screenshot: Blob | null,
): Promise<Save> {
  return api.post<Save>('/saves', {
    query: { rom_id: romId, emulator },
    body: form('saveFile', fileName, data, screenshot),
    timeoutMs: 120_000,
  });
}

/** The bytes of a save or state (its `download_path`). */
export async function downloadAsset(downloadPath: string): Promise<Uint8Array> {
  const response = await fetch(downloadPath, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** GET /api/roms/{id}/content/{file_name}?file_ids={file}: one file of a ROM as text (a cue sheet…). */
export async function fetchRomFileText(
  rom: { id: number; fs_name: string },
  fileId: number,
): Promise<string> {
  const text = await api.get<string | null>(
    `/roms/${rom.id}/content/${encodeURIComponent(rom.fs_name)}`,
    { query: { file_ids: fileId }, headers: { accept: '*/*' } },
  );
  return text ?? '';
}

/** PUT /api/roms/{id}/props {update_last_played: true}: starting a game counts as playing it. */
export async function markPlayed(romId: number): Promise<void> {
  await api.put(`/roms/${romId}/props`, { json: { update_last_played: true } });
}

/** One stretch of play in the web player. */
export interface PlayStretch {
  start_time: string;
  end_time: string;
  duration_ms: number;
}

/** POST /api/play-sessions/beacon-token: the token a closing tab's beacon carries. */
export function fetchPlayToken(romId: number): Promise<PlayBeaconToken> {
  return api.post<PlayBeaconToken>('/play-sessions/beacon-token', { json: { rom_id: romId } });
}

/** POST /api/play-sessions: the stretch as one play session. */
export async function reportPlayStretch(romId: number, stretch: PlayStretch): Promise<void> {
  await api.post('/play-sessions', { json: { sessions: [{ rom_id: romId, ...stretch }] } });
}

/**
 * The stretch by `navigator.sendBeacon`, which the browser still delivers as the tab closes: a
 * form (no CORS preflight) carrying the per-play token instead of headers. False when the
 * browser would not queue it.
 */
export function sendPlayBeacon(token: string, stretch: PlayStretch): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  const form = new URLSearchParams({
    token,
    start_time: stretch.start_time,
    end_time: stretch.end_time,
    duration_ms: String(stretch.duration_ms),
  });
  return navigator.sendBeacon(`${API_BASE}/play-sessions/beacon`, form);
}

/**
 * The game's save file by `navigator.sendBeacon` as the tab goes away (POST /api/saves/beacon):
 * token and emulator first, then the file. Browsers queue at most 64 KiB: false when refused.
 */
export function sendSaveBeacon(
  token: string,
  emulator: string,
  fileName: string,
  data: Uint8Array,
): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  const form = new FormData();
  form.append('token', token);
  form.append('emulator', emulator);
  form.append('saveFile', new Blob([data as BlobPart]), fileName);
  return navigator.sendBeacon(`${API_BASE}/saves/beacon`, form);
}

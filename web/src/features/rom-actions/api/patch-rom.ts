import { CSRF_COOKIE, CSRF_HEADER, PATCH_VALIDATED_HEADER } from '@romshelf/contract';
import type { PatchCandidate, PatchSaved } from '@romshelf/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { api, API_BASE, ApiError, NO_RESPONSE } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';
import { startDownload } from '@/lib/download';
import { libraryChanged } from '@/shared/api/library-changed';

/** GET /api/roms/{id}/patches: the game's own patch files, then those beside it. */
export function patchCandidatesQuery(romId: number) {
  return queryOptions({
    queryKey: ['rom-patches', romId],
    queryFn: ({ signal }) =>
      api.get<PatchCandidate[]>(`/roms/${String(romId)}/patches`, { signal }),
  });
}

export function usePatchCandidates(romId: number) {
  return useQuery(patchCandidatesQuery(romId));
}

/** What to patch: one file of the game, with a library patch or an uploaded one. */
export interface PatchJob {
  romFileId: number;
  /** The file to patch inside a zipped ROM; null = its only file. */
  archiveMember: string | null;
  patch: { fileId: number } | { file: File };
  outputName: string;
  saveAsGame: boolean;
}

export type PatchOutcome =
  | { kind: 'downloaded'; fileName: string; validated: boolean }
  | { kind: 'saved'; saved: PatchSaved };

/** Where a request is: sending the patch, or receiving the result; `fraction` null = unknown. */
export interface PatchProgress {
  phase: 'upload' | 'download';
  fraction: number | null;
}

function downloadName(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  return encoded === undefined ? 'patched.bin' : decodeURIComponent(encoded);
}

async function detailOf(xhr: XMLHttpRequest): Promise<string> {
  try {
    const body = JSON.parse(await (xhr.response as Blob).text()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : `HTTP ${String(xhr.status)}`;
  } catch {
    return `HTTP ${String(xhr.status)}`;
  }
}

/** The job's form: the patch as `patch_file_id` or a `patch_file` upload. */
function patchForm(job: PatchJob): FormData {
  const form = new FormData();
  if ('fileId' in job.patch) form.append('patch_file_id', String(job.patch.fileId));
  if (job.outputName.trim() !== '') form.append('output_file_name', job.outputName.trim());
  if (job.archiveMember !== null) form.append('archive_member_name', job.archiveMember);
  if (job.saveAsGame) form.append('save_as_game', 'true');
  if ('file' in job.patch) form.append('patch_file', job.patch.file, job.patch.file.name);
  return form;
}

/**
 * POST /api/roms/{file_id}/patch through XMLHttpRequest (fetch reports no upload progress):
 * the patched ROM is received as a blob and handed to the browser as a download, or the new
 * game's answer is read.
 */
export function sendPatch(
  job: PatchJob,
  onProgress: (progress: PatchProgress) => void,
): Promise<PatchOutcome> {
  const xhr = new XMLHttpRequest();
  return new Promise<PatchOutcome>((resolve, reject) => {
    xhr.open('POST', `${API_BASE}/roms/${String(job.romFileId)}/patch`);
    xhr.withCredentials = true;
    xhr.responseType = 'blob';
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf !== null) xhr.setRequestHeader(CSRF_HEADER, csrf);
    const fraction = (event: ProgressEvent) =>
      event.lengthComputable && event.total > 0 ? event.loaded / event.total : null;
    xhr.upload.onprogress = (event) => onProgress({ phase: 'upload', fraction: fraction(event) });
    xhr.onprogress = (event) => onProgress({ phase: 'download', fraction: fraction(event) });
    xhr.onload = () => {
      void (async () => {
        if (xhr.status < 200 || xhr.status >= 300) {
          reject(new ApiError(xhr.status, await detailOf(xhr)));
        } else if (job.saveAsGame) {
          const saved = JSON.parse(await (xhr.response as Blob).text()) as PatchSaved;
          resolve({ kind: 'saved', saved });
        } else {
          const fileName = downloadName(xhr.getResponseHeader('content-disposition'));
          const url = URL.createObjectURL(xhr.response as Blob);
          startDownload(url, fileName);
          window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
          const validated = xhr.getResponseHeader(PATCH_VALIDATED_HEADER) === 'true';
          resolve({ kind: 'downloaded', fileName, validated });
        }
      })();
    };
    xhr.onerror = () => reject(new ApiError(NO_RESPONSE, 'Network error'));
    xhr.send(patchForm(job));
  });
}

/** Runs a patch job with its progress; a saved game refreshes the library's lists. */
export function usePatchRom() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<PatchProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (job: PatchJob) => sendPatch(job, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: (outcome) => {
      if (outcome.kind === 'saved') libraryChanged(queryClient);
    },
  });
  return { ...mutation, progress };
}

import type { LibraryInfo } from '@romshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, api } from '@/lib/api-client';

export type { LibraryInfo };

/**
 * GET /api/library/info (needs platforms.write). Resolves to null when the server does not
 * offer it (404), so pages fall back to generic wording.
 */
export async function fetchLibraryInfo(): Promise<LibraryInfo | null> {
  try {
    return await api.get<LibraryInfo>('/library/info');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

export const libraryKeys = { info: () => ['library', 'info'] as const };

export const libraryInfoQueryOptions = () =>
  queryOptions({ queryKey: libraryKeys.info(), queryFn: fetchLibraryInfo, retry: false });

export function useLibraryInfoQuery(enabled = true) {
  return useQuery({ ...libraryInfoQueryOptions(), enabled });
}

/** The folder a user should create for a platform, e.g. `/data/library/roms/snes/`. */
export function examplePlatformFolder(info: LibraryInfo, slug: string): string {
  const base = info.library_path.replace(/[\\/]+$/, '');
  const separator =
    info.library_path.includes('\\') && !info.library_path.includes('/') ? '\\' : '/';
  const parts = info.structure === '{platform}/roms' ? [slug, 'roms'] : ['roms', slug];
  return `${[base, ...parts].join(separator)}${separator}`;
}

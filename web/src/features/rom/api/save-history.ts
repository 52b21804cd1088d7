import type {
  Save,
  SaveHistorySettings,
  SaveHistorySettingsBody,
  SaveVersion,
  State,
} from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type AssetKind = 'saves' | 'states';

export const saveHistoryKeys = {
  assets: (kind: AssetKind, romId: number) => [kind, romId] as const,
  versions: (kind: AssetKind, id: number) => ['save-versions', kind, id] as const,
  settings: ['save-history-settings'] as const,
};

/** GET /api/{saves|states}?rom_id=: the caller's own, newest first. */
export function useRomAssetsQuery(kind: AssetKind, romId: number) {
  return useQuery({
    queryKey: saveHistoryKeys.assets(kind, romId),
    queryFn: () => api.get<(Save | State)[]>(`/${kind}`, { query: { rom_id: romId } }),
  });
}

/** GET /api/{saves|states}/{id}/versions: earlier contents, newest first. */
export function useVersionsQuery(kind: AssetKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: saveHistoryKeys.versions(kind, id),
    queryFn: () => api.get<SaveVersion[]>(`/${kind}/${String(id)}/versions`),
    enabled,
  });
}

/** POST …/versions/{version_id}/restore: the version becomes the current content. */
export function useRestoreVersionMutation(kind: AssetKind, asset: Save | State) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: number) =>
      api.post<Save | State>(`/${kind}/${String(asset.id)}/versions/${String(versionId)}/restore`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: saveHistoryKeys.versions(kind, asset.id) }),
        queryClient.invalidateQueries({ queryKey: saveHistoryKeys.assets(kind, asset.rom_id) }),
      ]),
  });
}

/** GET /api/save-history/settings */
export function useSaveHistorySettingsQuery(enabled: boolean) {
  return useQuery({
    queryKey: saveHistoryKeys.settings,
    queryFn: () => api.get<SaveHistorySettings>('/save-history/settings'),
    enabled,
  });
}

/** PUT /api/save-history/settings */
export function useSaveHistorySettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveHistorySettingsBody) =>
      api.put<SaveHistorySettings>('/save-history/settings', { json: body }),
    onSuccess: (settings) => queryClient.setQueryData(saveHistoryKeys.settings, settings),
  });
}

import { ConfigSchema, MissingRomsSchema } from '@romshelf/contract';
import type { ExclusionType, LibraryConfig, MissingRoms } from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { configKeys } from '@/shared/api/library-config';
import { useConfigStore } from '@/shared/stores/config-store';

/** One change to config.yml through RomM's `/api/config` routes. */
export type ConfigEdit =
  | { kind: 'add-binding'; section: 'platforms' | 'versions'; folder: string; slug: string }
  | { kind: 'remove-binding'; section: 'platforms' | 'versions'; folder: string }
  | { kind: 'add-exclusion'; type: ExclusionType; value: string }
  | { kind: 'remove-exclusion'; type: ExclusionType; value: string };

/** Sends one edit; the server answers the configuration now in force. */
export async function sendConfigEdit(edit: ConfigEdit): Promise<LibraryConfig> {
  const segment = encodeURIComponent;
  switch (edit.kind) {
    case 'add-binding':
      return ConfigSchema.parse(
        await api.post(`/config/system/${edit.section}`, {
          json: { fs_slug: edit.folder, slug: edit.slug },
        }),
      );
    case 'remove-binding':
      return ConfigSchema.parse(
        await api.delete(`/config/system/${edit.section}/${segment(edit.folder)}`),
      );
    case 'add-exclusion':
      return ConfigSchema.parse(
        await api.post('/config/exclude', {
          json: { exclusion_type: edit.type, exclusion_value: edit.value },
        }),
      );
    case 'remove-exclusion':
      return ConfigSchema.parse(
        await api.delete(`/config/exclude/${edit.type}/${segment(edit.value)}`),
      );
  }
}

/** Edits config.yml and puts the new configuration in the app at once. */
export function useConfigEditMutation() {
  const client = useQueryClient();
  const setConfig = useConfigStore((state) => state.setConfig);
  return useMutation({
    mutationFn: sendConfigEdit,
    onSuccess: (config) => {
      setConfig(config);
      client.setQueryData(configKeys.all, config);
    },
  });
}

export const missingRomsKeys = { all: ['library', 'missing-roms'] as const };

/** GET /api/library/missing-roms */
export async function fetchMissingRoms(): Promise<MissingRoms> {
  return MissingRomsSchema.parse(await api.get('/library/missing-roms'));
}

export function useMissingRomsQuery() {
  return useQuery({ queryKey: missingRomsKeys.all, queryFn: fetchMissingRoms });
}

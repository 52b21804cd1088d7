import type { ScanSettingsInput } from '@romshelf/contract';
import { useState } from 'react';

import { useConfigStore } from '@/shared/stores/config-store';

import { scanSettingsOf, useScanSettingsMutation } from '../api/scan-settings';

/**
 * The scan settings being edited: the ones in force plus the changes made on the page, saved
 * together (`PUT /api/config/scan` replaces the whole scan section).
 */
export function useScanSettingsDraft() {
  const config = useConfigStore((state) => state.value);
  const save = useScanSettingsMutation();
  const [changes, setChanges] = useState<Partial<ScanSettingsInput>>({});
  const current = config === null ? null : scanSettingsOf(config);
  const settings = current === null ? null : { ...current, ...changes };
  const editable = config !== null && config.CONFIG_FILE_MOUNTED && config.CONFIG_FILE_WRITABLE;
  return {
    settings,
    editable,
    dirty: Object.keys(changes).length > 0,
    change: (patch: Partial<ScanSettingsInput>) => setChanges({ ...changes, ...patch }),
    save: () => {
      if (settings !== null) save.mutate(settings, { onSuccess: () => setChanges({}) });
    },
    saving: save.isPending,
    saved: save.isSuccess,
    error: save.error,
  };
}

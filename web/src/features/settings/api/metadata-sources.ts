import { useMutation, useQueryClient } from '@tanstack/react-query';

import { metadataKeys, runLaunchboxUpdate, testSourceConnection } from '@/shared/api/metadata';

/** Re-downloads and indexes the LaunchBox dump (the `update_launchbox_metadata` task). */
export function useLaunchboxUpdateMutation() {
  return useMutation({ mutationFn: runLaunchboxUpdate });
}

/** "Test connection": checks a source now; its status everywhere shows the answer. */
export function useTestConnectionMutation(source: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => testSourceConnection(source),
    onSuccess: (ok) => client.setQueryData(metadataKeys.health(source), ok),
  });
}

import { useMutation } from '@tanstack/react-query';

import { runLaunchboxUpdate } from '@/shared/api/metadata';

/** Re-downloads and indexes the LaunchBox dump (the `update_launchbox_metadata` task). */
export function useLaunchboxUpdateMutation() {
  return useMutation({ mutationFn: runLaunchboxUpdate });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import { addPlatform, platformKeys } from '@/shared/api/platforms';

/** A supported platform without a folder: the server creates it in the library's layout. */
export function useAddPlatformFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlatform,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: platformKeys.all }),
  });
}

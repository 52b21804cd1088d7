import { DeviceSchema } from '@romshelf/contract';
import type { Device } from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const deviceKeys = { all: ['devices'] as const };

/** GET /api/devices (devices.read): the signed-in user's handhelds and apps. */
export function useDevicesQuery() {
  return useQuery({
    queryKey: deviceKeys.all,
    queryFn: async (): Promise<Device[]> => DeviceSchema.array().parse(await api.get('/devices')),
  });
}

/** PUT /api/devices/{id} (devices.write) with a new name. */
export function useRenameDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      DeviceSchema.parse(await api.put(`/devices/${encodeURIComponent(id)}`, { json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** DELETE /api/devices/{id} (devices.write): its saves stay. */
export function useRemoveDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/devices/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

import { DeviceAuthPendingSchema } from '@romshelf/contract';
import type { ClientTokenExpiry, DeviceAuthPending } from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { clientTokenKeys } from './client-tokens';

/** GET /api/auth/device/pending/{user_code} (me.read): what a waiting device asks for. */
export function usePendingDeviceQuery(userCode: string | null) {
  return useQuery({
    queryKey: ['device-auth', 'pending', userCode ?? ''],
    queryFn: async (): Promise<DeviceAuthPending> =>
      DeviceAuthPendingSchema.parse(
        await api.get(`/auth/device/pending/${encodeURIComponent(userCode ?? '')}`),
      ),
    enabled: userCode !== null,
    retry: false,
  });
}

export interface ApproveDevice {
  user_code: string;
  approved_scopes: string[];
  device_name: string;
  expires_in: ClientTokenExpiry;
}

/** POST /api/auth/device/approve (me.write): creates the device's token. */
export function useApproveDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApproveDevice) => {
      await api.post('/auth/device/approve', { json: body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientTokenKeys.all }),
  });
}

/** POST /api/auth/device/deny (me.write). */
export function useDenyDeviceMutation() {
  return useMutation({
    mutationFn: async (userCode: string) => {
      await api.post('/auth/device/deny', { json: { user_code: userCode } });
    },
  });
}

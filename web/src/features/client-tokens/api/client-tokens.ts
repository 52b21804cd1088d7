import {
  ClientTokenAdminSchema,
  ClientTokenCreatedSchema,
  ClientTokenPairSchema,
  ClientTokenSchema,
} from '@romshelf/contract';
import type {
  ClientToken,
  ClientTokenAdmin,
  ClientTokenCreated,
  ClientTokenPair,
  CreateClientTokenBody,
} from '@romshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const clientTokenKeys = {
  all: ['client-tokens'] as const,
  own: () => [...clientTokenKeys.all, 'own'] as const,
  everyone: () => [...clientTokenKeys.all, 'everyone'] as const,
  pairCode: (code: string) => [...clientTokenKeys.all, 'pair', code] as const,
};

/** GET /api/client-tokens (me.read): the signed-in user's tokens. */
export function useOwnClientTokensQuery() {
  return useQuery({
    queryKey: clientTokenKeys.own(),
    queryFn: async (): Promise<ClientToken[]> =>
      ClientTokenSchema.array().parse(await api.get('/client-tokens')),
  });
}

/** GET /api/client-tokens/all (users.read): everyone's tokens, for administrators. */
export function useAllClientTokensQuery(enabled: boolean) {
  return useQuery({
    queryKey: clientTokenKeys.everyone(),
    queryFn: async (): Promise<ClientTokenAdmin[]> =>
      ClientTokenAdminSchema.array().parse(await api.get('/client-tokens/all')),
    enabled,
  });
}

/** POST /api/client-tokens (me.write): the answer is the only time the raw token is seen. */
export function useCreateClientTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateClientTokenBody): Promise<ClientTokenCreated> =>
      ClientTokenCreatedSchema.parse(await api.post('/client-tokens', { json: body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientTokenKeys.all }),
  });
}

/** DELETE /api/client-tokens/{id}, or /{id}/admin for someone else's token (users.write). */
export function useRevokeClientTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, asAdmin }: { id: number; asAdmin: boolean }) => {
      await api.delete(`/client-tokens/${String(id)}${asAdmin ? '/admin' : ''}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientTokenKeys.all }),
  });
}

/** POST /api/client-tokens/{id}/pair (me.write): a one-minute, single-use pairing code. */
export function usePairClientTokenMutation() {
  return useMutation({
    mutationFn: async (id: number): Promise<ClientTokenPair> =>
      ClientTokenPairSchema.parse(await api.post(`/client-tokens/${String(id)}/pair`)),
  });
}

/**
 * GET /api/client-tokens/pair/{code}/status: true while the code waits, false once a device
 * exchanged it (or it expired). Polled every two seconds while the pairing dialog is open.
 */
export function usePairCodeStatusQuery(code: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: clientTokenKeys.pairCode(code ?? ''),
    queryFn: async (): Promise<boolean> => {
      try {
        await api.get(`/client-tokens/pair/${encodeURIComponent(code ?? '')}/status`);
        return true;
      } catch {
        await queryClient.invalidateQueries({ queryKey: clientTokenKeys.own() });
        return false;
      }
    },
    enabled: code !== null,
    refetchInterval: (query) => (query.state.data === false ? false : 2000),
  });
}

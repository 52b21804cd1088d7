import { InviteLinkSchema } from '@romshelf/contract';
import type { InviteLink, Role } from '@romshelf/contract';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface InviteInput {
  role: Role;
  /** Lifetime in seconds; the server default (600) when absent. */
  expiration?: number;
}

/** POST /api/users/invite-link?role=&expiration=: a single-use registration link. */
export async function createInviteLink({ role, expiration }: InviteInput): Promise<InviteLink> {
  return InviteLinkSchema.parse(
    await api.post('/users/invite-link', { query: { role, expiration } }),
  );
}

export function useCreateInviteLinkMutation() {
  return useMutation({ mutationFn: createInviteLink });
}

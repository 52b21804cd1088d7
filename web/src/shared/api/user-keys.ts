/** The query keys of user accounts: the signed-in user, the admin list, one user by id. */
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (id: number) => [...userKeys.all, 'by-id', id] as const,
};

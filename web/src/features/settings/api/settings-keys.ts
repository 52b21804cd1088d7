/** The query keys of the settings pages' own data (users: `userKeys`, sources: `metadataKeys`). */
export const settingsKeys = {
  stats: () => ['stats'] as const,
  oidcRolesKept: () => ['oidc', 'roles-kept'] as const,
};

// Roles come from the session token as strings ('regular'/'REGULAR', 'admin'/'ADMIN') or as
// objects with a name; they are compared case-insensitively.
export function normalizeRoles(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const names = raw
    .map((role: unknown) => {
      if (typeof role === 'string') return role;
      if (role && typeof role === 'object' && 'name' in role && typeof role.name === 'string')
        return role.name;
      return null;
    })
    .filter((name): name is string => name !== null && name.trim() !== '')
    .map((name) => name.trim().toLowerCase());
  return [...new Set(names)];
}

/** A user needs every role the route requires (spec 2.3); no roles required means anyone. */
export function hasAllRoles(userRoles: readonly string[], required: readonly string[]): boolean {
  return required.every((role) => userRoles.includes(role.toLowerCase()));
}

/** Roles as the session token carries them (spec 3: regular, admin). */
export const ROLES = ['regular', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  regular: 'Registered player and author',
  admin: 'Runs orders, payouts, moderation and statistics',
};

/** A route or call needs every role it names; the token's roles are compared case-insensitively. */
export function hasRoles(granted: readonly string[], required: readonly Role[]): boolean {
  const normalized = new Set(granted.map((role) => role.toLowerCase()));
  return required.every((role) => normalized.has(role));
}

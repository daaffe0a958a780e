// What every admin screen says: the eyebrow above its title and the retry of a failed load.
export const adminAreaMessages = {
  eyebrow: 'Admin',
  retry: 'Try again',
} as const;

import { lazy, Suspense } from 'react';
import { useSession } from '../session';
import type { SocialShortcutProps } from './social-shortcut-path';

// Only admins see the button: everyone else's cards do not load its code.
const SocialShortcutButton = lazy(() =>
  import('./social-shortcut-button').then((module) => ({ default: module.SocialShortcutButton })),
);

/**
 * Spec 2.13 and 6: on skin and author cards, admins get a shortcut to post the skin or the author on
 * social media. Nothing renders for anyone else. It is a link of its own (never inside the card's
 * link), and a click on it does not reach the card.
 */
export function SocialShortcut(props: SocialShortcutProps) {
  const { user, hasRoles } = useSession();
  if (!user || !hasRoles(['admin'])) return null;
  return (
    <Suspense fallback={null}>
      <SocialShortcutButton {...props} />
    </Suspense>
  );
}

import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { CONTACT_EMAIL, CONTACT_MAILTO } from '../site';

/** A link to another page of the app, styled like the rest of the text links. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} inherit underline="always">
      {children}
    </Anchor>
  );
}

/** The team's e-mail address as a mailto link; pass a subject to prefill it. */
export function ContactEmail({ subject }: { subject?: string }) {
  const href = subject ? `${CONTACT_MAILTO}?subject=${encodeURIComponent(subject)}` : CONTACT_MAILTO;
  return (
    <Anchor href={href} inherit underline="always">
      {CONTACT_EMAIL}
    </Anchor>
  );
}

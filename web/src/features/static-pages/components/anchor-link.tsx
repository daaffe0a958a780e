import type { MouseEvent, ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import type { AnchorProps } from '@mantine/core';
import { scrollToAnchor } from '../lib/anchors';

interface AnchorLinkProps extends AnchorProps {
  /** id of the element on the same page to jump to */
  to: string;
  children: ReactNode;
}

/** An in-page link (`#id`) that scrolls smoothly and moves focus, without a router navigation. */
export function AnchorLink({ to, children, ...rest }: AnchorLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    if (scrollToAnchor(to, true)) event.preventDefault();
  };
  return (
    <Anchor href={`#${to}`} onClick={onClick} {...rest}>
      {children}
    </Anchor>
  );
}

import type { ReactNode } from 'react';
import { Box, Stack, Text, Title } from '@mantine/core';
import type { TextProps } from '@mantine/core';

interface SectionProps {
  /** Anchor id of the section, so that it can be linked to (`/terms-of-service#section-8`). */
  id?: string;
  title: ReactNode;
  /** Heading level; sections of a page are h2, their parts h3. */
  order?: 2 | 3;
  children: ReactNode;
}

/** A titled block of a static page with even spacing between its paragraphs. */
export function Section({ id, title, order = 2, children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      style={{ scrollMarginTop: 'calc(var(--app-header-height, 64px) + 16px)' }}
    >
      <Title
        order={order}
        id={headingId}
        fz={order === 2 ? { base: 22, sm: 26 } : { base: 18, sm: 20 }}
        lh={1.3}
        mb="sm"
        tabIndex={-1}
        style={{ outline: 'none' }}
      >
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}

/** A body paragraph with a comfortable line height. */
export function P({ children, ...rest }: TextProps & { children: ReactNode }) {
  return (
    <Text component="p" lh={1.7} m={0} {...rest}>
      {children}
    </Text>
  );
}

import type { ReactNode } from 'react';
import { Box, Card, Text } from '@mantine/core';
import { useScrollToHash } from '../lib/anchors';
import { AnchorLink } from './anchor-link';
import { Section } from './section';

export interface LegalSection {
  /** Anchor id, e.g. `refunds` for `/terms-of-service#refunds`. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  sections: readonly LegalSection[];
  /** Show a numbered table of contents above the sections. */
  withContents?: boolean;
}

/** Numbered sections of a policy page, with an optional table of contents linking to each. */
export function LegalDocument({ sections, withContents = false }: LegalDocumentProps) {
  useScrollToHash();
  return (
    <>
      {withContents ? (
        <Card component="nav" aria-labelledby="legal-contents-title" withBorder padding="lg" radius="md">
          <Text id="legal-contents-title" fw={700} tt="uppercase" size="sm" c="dimmed" mb="xs">
            Contents
          </Text>
          <Box
            component="ol"
            m={0}
            pl="xl"
            style={{ columnWidth: '16rem', columnGap: 'var(--mantine-spacing-xl)' }}
          >
            {sections.map((section) => (
              <Box component="li" key={section.id} py={3} style={{ breakInside: 'avoid' }}>
                <AnchorLink to={section.id} size="sm">
                  {section.title}
                </AnchorLink>
              </Box>
            ))}
          </Box>
        </Card>
      ) : null}
      {sections.map((section, index) => (
        <Section key={section.id} id={section.id} title={`${index + 1}. ${section.title}`}>
          {section.body}
        </Section>
      ))}
    </>
  );
}

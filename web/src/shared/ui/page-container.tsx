import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ContainerProps } from '@mantine/core';
import { createContext, use } from 'react';
import type { ReactNode } from 'react';
import { siteMessages } from '../messages/site.messages';
import classes from './page-container.module.css';

export interface PageTitleProps {
  children: ReactNode;
  /** A small label above the title (the section the page belongs to). */
  eyebrow?: ReactNode;
  order?: 1 | 2;
  align?: 'left' | 'center';
}

/** A page heading in the display face with the brand's accent stripe. */
export function PageTitle({ children, eyebrow, order = 1, align = 'left' }: PageTitleProps) {
  return (
    <Stack gap={4} ta={align} align={align === 'center' ? 'center' : 'flex-start'}>
      {eyebrow ? <Text className={classes.eyebrow}>{eyebrow}</Text> : null}
      <Title order={order} className={classes.title} data-align={align}>
        {children}
      </Title>
    </Stack>
  );
}

export interface PageContainerProps {
  /** The page's heading; also sets the document title. */
  title?: string;
  eyebrow?: ReactNode;
  description?: ReactNode;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  size?: ContainerProps['size'];
  children?: ReactNode;
}

const InsetContext = createContext(false);

/** Pages inside an area layout with its own container (the account area) render without one. */
export function InsetPages({ children }: { children: ReactNode }) {
  return <InsetContext value={true}>{children}</InsetContext>;
}

/** The frame of every page: a centred container with an optional heading row. */
export function PageContainer({
  title,
  eyebrow,
  description,
  actions,
  size = 'xl',
  children,
}: PageContainerProps) {
  const inset = use(InsetContext);
  const content = (
    <>
      <title>{siteMessages.documentTitle(title)}</title>
      {title ? (
        <Group justify="space-between" align="flex-end" gap="md" mb="xl">
          <Stack gap="sm" maw={760}>
            <PageTitle eyebrow={eyebrow}>{title}</PageTitle>
            {description ? <Text c="dimmed">{description}</Text> : null}
          </Stack>
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
      ) : null}
      {children}
    </>
  );
  if (inset) return <Box w="100%">{content}</Box>;
  return (
    <Container size={size} py={{ base: 'lg', sm: 'xl' }} w="100%">
      {content}
    </Container>
  );
}

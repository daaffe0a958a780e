import { Button, Container, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SkinCardFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { SkinCardGrid } from '../../../shared/skin-card';
import { PageTitle } from '../../../shared/ui';
import classes from './skin-showcase.module.css';

export interface SkinShowcaseProps {
  id: string;
  title: string;
  eyebrow: ReactNode;
  skins: readonly SkinCardFieldsFragment[] | undefined;
  loading: boolean;
  /** The full list and the link's text. */
  moreTo: string;
  moreLabel: string;
}

/** A homepage row of three skin cards with a link to the full list (spec 2.5); nothing while there are no skins. */
export function SkinShowcase({ id, title, eyebrow, skins, loading, moreTo, moreLabel }: SkinShowcaseProps) {
  if (!loading && skins?.length === 0) return null;
  const more = (
    <Button
      component={Link}
      to={moreTo}
      variant="subtle"
      className={classes.more}
      rightSection={<IconArrowRight size={18} aria-hidden />}
    >
      {moreLabel}
    </Button>
  );
  return (
    <section className={classes.section} aria-labelledby={id}>
      <Container size="xl">
        <Group justify="space-between" align="flex-end" className={classes.header} gap="sm">
          <div id={id}>
            <PageTitle order={2} eyebrow={eyebrow}>
              {title}
            </PageTitle>
          </div>
          {more}
        </Group>
        <SkinCardGrid skins={skins} loading={loading} skeletonCount={3} cols={{ base: 1, sm: 3 }} />
      </Container>
    </section>
  );
}

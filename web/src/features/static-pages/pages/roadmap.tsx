import type { ReactNode } from 'react';
import { Badge, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconBulb, IconCheck, IconProgress } from '@tabler/icons-react';
import { ContactEmail, PageLink } from '../components/links';
import { P, Section } from '../components/section';
import { StaticPage } from '../components/static-page';
import { PAGE_DATES } from '../site';

interface Milestone {
  title: string;
  when?: string;
  text: ReactNode;
}

const done: Milestone[] = [
  {
    title: 'TrackSkins opens',
    when: 'April 2022',
    text: 'Skins for every Trackmania game with screenshots, ratings and comments; card payments and guest checkout; author payouts by bank transfer.',
  },
  {
    title: 'PayPal for players and authors',
    when: 'May 2022',
    text: (
      <>
        PayPal at checkout, and PayPal as a payout method for authors.{' '}
        <PageLink to="/blog#paypal">Read the post</PageLink>.
      </>
    ),
  },
  {
    title: 'Submission rules and the installation guide',
    when: 'July 2022',
    text: 'Clear rules for what may be published, and step-by-step installation for Trackmania (2020) and Forever.',
  },
  {
    title: 'Color variations',
    when: 'August 2022',
    text: (
      <>
        One design in several color schemes, linked both ways.{' '}
        <PageLink to="/blog#color-variations">Read the post</PageLink>.
      </>
    ),
  },
  {
    title: 'Bundles',
    when: 'December 2022',
    text: (
      <>
        Several skins for less, with the saving shown on the bundle page.{' '}
        <PageLink to="/blog#bundles">Read the post</PageLink>.
      </>
    ),
  },
  {
    title: 'Skin of the Month',
    when: 'March 2023',
    text: 'Chosen automatically at the start of each month from the previous month’s ratings, and featured on the homepage.',
  },
  {
    title: 'Creativity Dashboard',
    when: 'September 2023',
    text: (
      <>
        Downloads for the last 30 days and all time, a monthly chart per game and your top skins.{' '}
        <PageLink to="/blog#creativity-dashboard">Read the post</PageLink>.
      </>
    ),
  },
];

const inProgress: Milestone[] = [
  {
    title: 'Payout statements as PDF',
    text: 'Download any payout as a PDF statement with its items and fees – handy for your tax records.',
  },
  {
    title: 'Skin of the Month hall of fame',
    text: 'A page with all past winners and their authors.',
  },
  {
    title: 'Gift a skin',
    text: 'Buy a skin or bundle for a friend and send it to their e-mail address.',
  },
];

const planned: Milestone[] = [
  {
    title: 'Installation guides for Trackmania Turbo and Trackmania²',
    text: 'The same step-by-step pictures for the other games in the catalogue.',
  },
  {
    title: 'Favorites',
    text: 'Save skins you like to a list and come back to them later.',
  },
  {
    title: 'Follow authors',
    text: 'An optional e-mail when an author you follow publishes something new.',
  },
  {
    title: 'Fair bundle prices for owners',
    text: 'When you already own some skins of a bundle, pay only for the rest.',
  },
  {
    title: 'Czech translation',
    text: 'The whole site in Czech, with English staying the default.',
  },
];

function Phase({
  id,
  title,
  badge,
  color,
  icon,
  items,
}: {
  id: string;
  title: string;
  badge: string;
  color: string;
  icon: ReactNode;
  items: Milestone[];
}) {
  const finished = color === 'teal';
  return (
    <Section
      id={id}
      title={
        <Group component="span" gap="sm" display="inline-flex">
          {title}
          <Badge variant="light" color={color} size="lg">
            {badge}
          </Badge>
        </Group>
      }
    >
      <Timeline
        active={finished ? items.length - 1 : -1}
        bulletSize={30}
        lineWidth={2}
        color={color}
        mt="xs"
        styles={{ itemTitle: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {items.map((item) => (
          <Timeline.Item
            key={item.title}
            title={item.title}
            lineVariant={finished ? 'solid' : 'dashed'}
            bullet={
              <ThemeIcon
                size={30}
                radius="xl"
                color={color}
                variant={finished ? 'filled' : 'light'}
                aria-hidden
              >
                {icon}
              </ThemeIcon>
            }
          >
            {item.when ? (
              <Text size="sm" c="dimmed" mb={4}>
                {item.when}
              </Text>
            ) : null}
            <Text lh={1.6}>{item.text}</Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}

export default function RoadmapPage() {
  return (
    <StaticPage
      title="Roadmap"
      lastUpdated={PAGE_DATES.roadmap}
      lead="What we have built, what we are building now and what comes next. Most of it started as an idea from the community."
    >
      <Phase
        id="done"
        title="Done"
        badge={`${done.length} shipped`}
        color="teal"
        icon={<IconCheck size={16} />}
        items={done}
      />
      <Phase
        id="in-progress"
        title="In progress"
        badge="Now"
        color="yellow"
        icon={<IconProgress size={16} />}
        items={inProgress}
      />
      <Phase
        id="planned"
        title="Planned"
        badge="Next"
        color="gray"
        icon={<IconBulb size={16} />}
        items={planned}
      />
      <Section id="ideas" title="Have an idea?">
        <P>
          Plans change as we learn what you need, so nothing here comes with a date until it is ready. Tell us
          what you would like to see at <ContactEmail subject="Roadmap idea" /> – the best ideas on this page
          came from players and authors. News about finished features appears on the{' '}
          <PageLink to="/blog">blog</PageLink>.
        </P>
      </Section>
    </StaticPage>
  );
}

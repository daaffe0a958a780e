import type { ReactNode } from 'react';
import { Button, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBrush,
  IconCheck,
  IconDeviceGamepad2,
  IconMail,
  IconHelpCircle,
  IconStar,
  IconTrophy,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { ContactEmail, PageLink } from '../components/links';
import { P, Section } from '../components/section';
import { StaticPage } from '../components/static-page';
import { CONTACT_MAILTO } from '../site';

function AudienceCard({
  icon,
  title,
  points,
  action,
}: {
  icon: ReactNode;
  title: string;
  points: ReactNode[];
  action: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={3} fz={22}>
          {title}
        </Title>
      </Group>
      <List
        spacing="sm"
        mb="lg"
        icon={
          <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
        style={{ flexGrow: 1 }}
      >
        {points.map((point, index) => (
          <List.Item key={index} lh={1.6}>
            {point}
          </List.Item>
        ))}
      </List>
      {action}
    </Card>
  );
}

export default function AboutPage() {
  return (
    <StaticPage
      title="About TrackSkins"
      lead="TrackSkins is the marketplace and gallery for custom car skins for the Trackmania games – the place where skin makers show and sell their work, and where players find the look for their car."
    >
      <Section id="what" title="What TrackSkins is">
        <P>
          Every skin on TrackSkins has its own page with screenshots or a video, its author, a star rating and
          comments from the players who use it. You can browse by game – Trackmania (2020), TrackMania Nations
          and United Forever, Trackmania Turbo and Trackmania² – sort by the newest or by price, and search by
          name. Many skins are free; the others are one-off purchases in euros, with no subscription and no
          account required.
        </P>
        <P>
          Authors can group skins into <PageLink to="/blog#bundles">bundles</PageLink> sold for less than the
          skins separately, and publish one design in several{' '}
          <PageLink to="/blog#color-variations">color variations</PageLink>. At the start of every month the
          best-rated skin of the previous month becomes the <strong>Skin of the Month</strong> and takes the
          spot on our homepage.
        </P>
      </Section>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <AudienceCard
          icon={<IconDeviceGamepad2 size={26} />}
          title="For players"
          points={[
            'Browse, search and filter skins, bundles and authors.',
            'Download free skins straight from their page.',
            'Buy paid skins and bundles by card or PayPal – as a guest, too.',
            'Rate and comment once you have an account.',
            <>
              Step-by-step <PageLink to="/installation-guide">installation guide</PageLink> for every game.
            </>,
          ]}
          action={
            <Button component={Link} to="/skins" variant="filled" fullWidth>
              Explore skins
            </Button>
          }
        />
        <AudienceCard
          icon={<IconBrush size={26} />}
          title="For authors"
          points={[
            'Upload skins and bundles with up to 10 screenshots or a video.',
            'Give them away or set a price from 2 € to 500 €.',
            'Hide or publish each item whenever you like.',
            'See your downloads on the Creativity Dashboard.',
            <>
              Get paid by bank transfer or PayPal – see{' '}
              <PageLink to="/about-payout-system">payouts and fees</PageLink>.
            </>,
          ]}
          action={
            <Button component={Link} to="/submissions" variant="light" fullWidth>
              Read the submission rules
            </Button>
          }
        />
      </SimpleGrid>

      <Section id="story" title="How it started">
        <P>
          TrackSkins began in 2021 as a side project of a few Trackmania players from the Czech Republic. Good
          skins were scattered over Discord servers, forum threads and shared drives: finding one meant
          scrolling through months of chat history, half of the links were dead, and nobody could tell whether
          a file was the latest version or somebody&apos;s re-upload. The people who spent whole evenings
          painting liveries had no easy way to be credited, let alone paid.
        </P>
        <P>
          We wanted one place where every skin has proper screenshots, clear install steps and an author who
          gets the credit – and, if they choose, the money. The site opened in spring 2022 with card payments
          and a few dozen skins from friends. PayPal, color variations, bundles and the Creativity Dashboard
          followed, most of them suggested by the authors themselves; you can read about each on the{' '}
          <PageLink to="/blog">blog</PageLink> and see what comes next on the{' '}
          <PageLink to="/roadmap">roadmap</PageLink>.
        </P>
      </Section>

      <Section id="team" title="The team">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {[
            {
              icon: <IconUsersGroup size={22} />,
              title: 'Who we are',
              text: 'A small team of players: developers who build the site and moderators who look after the catalogue and the comments.',
            },
            {
              icon: <IconStar size={22} />,
              title: 'What we do',
              text: 'We run orders and payouts, help authors set up, answer players, and share new skins on our social channels.',
            },
            {
              icon: <IconTrophy size={22} />,
              title: 'What we ask',
              text: 'Be fair: respect the authors’ work, follow the submission rules and keep comments friendly.',
            },
          ].map((item) => (
            <Card key={item.title} withBorder radius="md" padding="md">
              <ThemeIcon variant="light" radius="md" size={36} mb="sm" aria-hidden>
                {item.icon}
              </ThemeIcon>
              <Title order={3} fz={18} mb={6}>
                {item.title}
              </Title>
              <Text size="sm" lh={1.6} c="dimmed">
                {item.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <P>
          Questions, ideas, a bug, or a skin that breaks the rules? Write to us at <ContactEmail /> – we read
          everything and usually reply within a couple of days. For a problem with a particular order, please
          include its order number from your purchase e-mail or{' '}
          <PageLink to="/me/purchase-history">Purchase History</PageLink>. Many answers are already in the{' '}
          <PageLink to="/faq">FAQ</PageLink>.
        </P>
        <Group>
          <Button component="a" href={CONTACT_MAILTO} leftSection={<IconMail size={18} aria-hidden />}>
            Contact the team
          </Button>
          <Button
            component={Link}
            to="/faq"
            variant="default"
            leftSection={<IconHelpCircle size={18} aria-hidden />}
          >
            Read the FAQ
          </Button>
        </Group>
      </Section>

      <Text size="sm" c="dimmed" lh={1.6}>
        TrackSkins is an independent fan site and is not affiliated with, endorsed or sponsored by Ubisoft or
        Nadeo. Trackmania is a trademark of Ubisoft Entertainment. Skins are the work of their authors.
      </Text>
    </StaticPage>
  );
}

import type { ReactNode } from 'react';
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { AnchorLink } from '../components/anchor-link';
import { PageLink } from '../components/links';
import { P } from '../components/section';
import { StaticPage } from '../components/static-page';
import { useScrollToHash } from '../lib/anchors';
import { formatDate } from '../lib/format';

interface Post {
  /** Anchor of the post: `/blog#bundles`. */
  id: string;
  date: string;
  title: string;
  tag: { label: string; color: string };
  summary: string;
  body: ReactNode;
}

const posts: Post[] = [
  {
    id: 'creativity-dashboard',
    date: '2023-07-10',
    title: 'Coming soon: the Creativity Dashboard',
    tag: { label: 'Planned', color: 'grape' },
    summary:
      'Download statistics for authors: how many players get your skins, in which game, and which skins lead.',
    body: (
      <>
        <P>
          &ldquo;How many people actually download my skins?&rdquo; is the question authors ask us most. Until
          now the honest answer was &ldquo;write to us and we&apos;ll look it up&rdquo;. That is about to
          change: we are building the <strong>Creativity Dashboard</strong>, a page of its own in your author
          menu.
        </P>
        <Title order={3} fz={18}>
          What will be on it
        </Title>
        <List spacing="xs" withPadding>
          <List.Item>
            <strong>Download cards</strong> for the last 30 days and for all time, each with unique and total
            downloads. Total counts every download; unique counts each player – or each anonymous visitor –
            once per skin, so re-downloads don&apos;t inflate your numbers.
          </List.Item>
          <List.Item>
            <strong>A monthly chart</strong> of unique downloads, stacked by game, so you can see at a glance
            how your Trackmania (2020) skins compare with your Forever ones, and how a new release moves the
            curve.
          </List.Item>
          <List.Item>
            <strong>Top skins</strong>: your ten most downloaded skins in the last 30 days and in the last
            year.
          </List.Item>
        </List>
        <P>
          The dashboard appears in the author menu as soon as you have at least one skin, with a small NEW
          badge the first time. Free skins count just like paid ones – downloads are downloads. Sales and
          money stay on My Payouts, where they already are.
        </P>
        <P>
          We plan to release it after the summer. If there is a number you would love to see on it, tell us –
          the first version is the right moment to add it.
        </P>
      </>
    ),
  },
  {
    id: 'bundles',
    date: '2022-12-05',
    title: 'Bundles: buy several skins for less',
    tag: { label: 'New feature', color: 'cyan' },
    summary: 'Authors can now sell a set of skins together at a lower price than the skins separately.',
    body: (
      <>
        <P>
          Authors often paint in series: a whole team&apos;s liveries, one style across several cars, a
          season&apos;s worth of designs. From today they can sell them together as a <strong>bundle</strong>{' '}
          – at a price lower than the skins would cost one by one.
        </P>
        <Title order={3} fz={18}>
          For players
        </Title>
        <P>
          Bundles have their own list next to skins. A bundle&apos;s page shows its screenshots or video and,
          under <em>Bundle Contents</em>, every skin inside with its rating. When the skins cost more
          separately than the bundle does, the page tells you right away: &ldquo;By purchasing this bundle you
          save&rdquo; and the difference. Say an author sells three skins at 4 € each and bundles them for 9
          €: you save 3 €. One purchase, and every skin of the bundle lands in your collection, ready to
          download one by one. Free bundles work too – the Free button shows the skins inside so you can pick
          what to download.
        </P>
        <Title order={3} fz={18}>
          For authors
        </Title>
        <P>
          Create a bundle from <PageLink to="/me/bundles">Bundles</PageLink> in your author menu. The editor
          asks for a title, a description, a price (free, or 2 € to 500 €), the game and your screenshots or a
          video, and lets you pick the skins from your own catalogue – you can even upload a brand-new skin
          from inside the editor. A skin can also be made available only in bundles, as a bonus for bundle
          buyers. The live card preview shows what players will see.
        </P>
        <P>
          For fees and payouts a bundle is a single item: the site and payment fees are taken from the bundle
          price, and you are paid for the bundle as a whole.
        </P>
      </>
    ),
  },
  {
    id: 'color-variations',
    date: '2022-08-22',
    title: 'Color variations: one skin, many color schemes',
    tag: { label: 'New feature', color: 'cyan' },
    summary:
      'Publish the same design in several colors and link them together, so players can pick their favorite.',
    body: (
      <>
        <P>
          A livery that looks great in red usually looks great in blue and black, too. Until now an author who
          painted all three had to upload three unrelated skins, and players had to find them in the list.
          With <strong>color variations</strong>, one design can come in several color schemes that know about
          each other.
        </P>
        <Title order={3} fz={18}>
          For players
        </Title>
        <P>
          On a skin that has variations, look for the round color swatches on its card: each one shows a
          variation&apos;s primary (and secondary) color. Click a swatch and you jump to that variation. Every
          variation is a full skin with its own screenshots, rating and price, so you buy – or download for
          free – only the one you like.
        </P>
        <Title order={3} fz={18}>
          For authors
        </Title>
        <P>
          When you publish, choose the skin type <em>with color variations</em>. Give each skin its primary
          color – and a secondary one if you switch on two colors – and link the other skins of the set. Links
          work both ways: link the red skin to the blue one and the blue one shows the red too, so you never
          have to edit every skin of the set. You can add new variations later by editing any skin of the set.
        </P>
      </>
    ),
  },
  {
    id: 'paypal',
    date: '2022-05-23',
    title: 'PayPal support arrives',
    tag: { label: 'New feature', color: 'cyan' },
    summary: 'Pay for skins with PayPal at checkout, and receive your author payouts to PayPal.',
    body: (
      <>
        <P>
          Since we opened in April, a card has been the only way to pay on TrackSkins. Many of you asked for
          PayPal – especially players without a card of their own and those who would rather not type card
          numbers into yet another site. From today, PayPal sits at checkout right next to card payment.
        </P>
        <Title order={3} fz={18}>
          For players: PayPal at checkout
        </Title>
        <P>
          Fill in the cart as usual – e-mail, full name, country and the two confirmations – and choose PayPal
          instead of the card button. You confirm the payment in PayPal and come straight back to TrackSkins.
          Your skins are in <PageLink to="/me/collection">My Collection</PageLink> if you have an account, and
          the download links are in your mailbox either way. Guest checkout works with PayPal too.
        </P>
        <Title order={3} fz={18}>
          For authors: payouts to PayPal
        </Title>
        <P>
          Until now, payouts went by bank transfer only, which was expensive for authors outside the European
          Economic Area – their banks charged around 8 € per transfer. You can now choose PayPal as your
          payout method in <PageLink to="/me/settings">Profile Settings</PageLink>: enter your PayPal e-mail
          address and full name, and that&apos;s it. PayPal payouts are sent on request once your payout has
          reached the 50 € minimum; bank transfers keep going out on the 1st and 16th of each month.
        </P>
        <Title order={3} fz={18}>
          Fees
        </Title>
        <P>
          PayPal charges 3,49 % + 0,35 € per order. Like the card fees, we pass it on at cost and split the
          fixed part over the items of the order in proportion to their prices; the site fee stays at 2 %. The
          full breakdown, with a worked example, is on the{' '}
          <PageLink to="/about-payout-system">author payouts and fees</PageLink> page.
        </P>
      </>
    ),
  },
];

function PostDate({ date }: { date: string }) {
  return (
    <Text size="sm" c="dimmed" display="flex" style={{ alignItems: 'center', gap: 6 }}>
      <IconCalendarEvent size={16} aria-hidden />
      <time dateTime={date}>{formatDate(date)}</time>
    </Text>
  );
}

export default function BlogPage() {
  useScrollToHash();
  return (
    <StaticPage
      title="Blog"
      lead="News from the TrackSkins garage: new features, changes to the site and what we are working on next."
    >
      <Card component="nav" aria-labelledby="blog-posts-title" withBorder radius="md" padding="lg">
        <Text id="blog-posts-title" fw={700} tt="uppercase" size="sm" c="dimmed" mb="sm">
          All posts
        </Text>
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {posts.map((post) => (
            <li key={post.id}>
              <Group gap="sm" wrap="nowrap" align="baseline">
                <Text size="sm" c="dimmed" w={96} style={{ flexShrink: 0 }}>
                  <time dateTime={post.date}>{formatDate(post.date)}</time>
                </Text>
                <div>
                  <AnchorLink to={post.id} fw={600}>
                    {post.title}
                  </AnchorLink>
                  <Text size="sm" c="dimmed" lh={1.5}>
                    {post.summary}
                  </Text>
                </div>
              </Group>
            </li>
          ))}
        </Stack>
      </Card>

      {posts.map((post) => (
        <Card
          key={post.id}
          component="article"
          id={post.id}
          aria-labelledby={`${post.id}-title`}
          withBorder
          radius="md"
          padding="xl"
          style={{ scrollMarginTop: 'calc(var(--app-header-height, 64px) + 16px)' }}
        >
          <Group gap="sm" mb="xs">
            <Badge variant="light" color={post.tag.color}>
              {post.tag.label}
            </Badge>
            <PostDate date={post.date} />
          </Group>
          <Title
            order={2}
            id={`${post.id}-title`}
            fz={{ base: 22, sm: 26 }}
            mb="md"
            tabIndex={-1}
            style={{ outline: 'none' }}
          >
            {post.title}
          </Title>
          <Stack gap="sm">{post.body}</Stack>
        </Card>
      ))}
    </StaticPage>
  );
}

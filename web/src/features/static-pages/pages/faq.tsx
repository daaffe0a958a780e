import type { ReactNode } from 'react';
import { Accordion, Stack, Text } from '@mantine/core';
import { IconBrush, IconDownload, IconMessageCircle, IconShoppingCart, IconStar } from '@tabler/icons-react';
import { ContactEmail, PageLink } from '../components/links';
import { P, Section } from '../components/section';
import { StaticPage } from '../components/static-page';
import { useScrollToHash } from '../lib/anchors';

interface Question {
  /** Anchor of the question: `/faq#refunds` opens and scrolls to it. */
  id: string;
  question: string;
  answer: ReactNode;
}

interface Group {
  id: string;
  title: string;
  icon: ReactNode;
  questions: Question[];
}

const groups: Group[] = [
  {
    id: 'buying',
    title: 'Buying and downloading',
    icon: <IconShoppingCart size={20} aria-hidden />,
    questions: [
      {
        id: 'guest-checkout',
        question: 'Do I need an account to buy a skin?',
        answer: (
          <>
            <P>
              No. Put the skins or bundles in your cart, then enter your e-mail address, full name and
              country, tick the two confirmations and pay by card or PayPal. A confirmation e-mail with your
              download links arrives within a few minutes.
            </P>
            <P>
              The links in that e-mail expire after a while, so keep the files you download. If you later
              create an account with the same e-mail address, your earlier purchases show up in My Collection,
              where you can download them again at any time.
            </P>
          </>
        ),
      },
      {
        id: 'downloads',
        question: 'Where do I find my downloads?',
        answer: (
          <P>
            Free skins download straight from their page with the <strong>Free</strong> button. Everything you
            bought is in <PageLink to="/me/collection">My Collection</PageLink>, each with a Download button,
            and your orders are listed in <PageLink to="/me/purchase-history">Purchase History</PageLink>.
            Guests download from the links in the purchase e-mail – check the spam folder if it has not
            arrived.
          </P>
        ),
      },
      {
        id: 'payment-methods',
        question: 'How can I pay?',
        answer: (
          <P>
            By card (handled by our payment provider Stripe) or by PayPal. Prices are in euros and each
            purchase is a one-off payment – no subscription. Your card number goes straight to the payment
            provider and never reaches our servers.
          </P>
        ),
      },
      {
        id: 'refunds',
        question: 'Can I get a refund?',
        answer: (
          <P>
            Yes, within 7 days of the purchase, as long as you have not downloaded the item yet: once a
            digital file is downloaded it cannot be returned. Write to us with your order number and we refund
            the full price to the card or PayPal account you paid with. The details are in the{' '}
            <PageLink to="/refunds">refund policy</PageLink>.
          </P>
        ),
      },
      {
        id: 'licence',
        question: 'What may I do with a skin I bought?',
        answer: (
          <P>
            Drive with it, in every game it was made for, for as long as you like. A purchase is a personal,
            one-off licence: you may not resell or share the file, modify or recolor it, or present the work
            as your own. The <PageLink to="/terms-of-service#licence">terms of service</PageLink> spell it
            out.
          </P>
        ),
      },
    ],
  },
  {
    id: 'installing',
    title: 'Installing skins',
    icon: <IconDownload size={20} aria-hidden />,
    questions: [
      {
        id: 'club-access',
        question: 'Why do Trackmania (2020) skins need club access?',
        answer: (
          <P>
            In Trackmania (2020), uploading custom skins is part of the paid club access; the free access
            level cannot use them and we know of no way around it. So please check your access before you buy
            a 2020 skin – the checkout reminds you too. The Forever games have no such limit.
          </P>
        ),
      },
      {
        id: 'install',
        question: 'How do I install a skin?',
        answer: (
          <P>
            For Trackmania (2020) you put the .zip in Documents / Trackmania / Skins / Models / CarSport and
            upload it in the Garage; for the Forever games you extract it into a Carcommon folder. The{' '}
            <PageLink to="/installation-guide">installation guide</PageLink> walks you through both, with
            pictures (<PageLink to="/installation-guide?game=tm2020">Trackmania 2020</PageLink>,{' '}
            <PageLink to="/installation-guide?game=tmufnf">Forever</PageLink>).
          </P>
        ),
      },
    ],
  },
  {
    id: 'authors',
    title: 'For authors',
    icon: <IconBrush size={20} aria-hidden />,
    questions: [
      {
        id: 'become-author',
        question: 'How do I become an author?',
        answer: (
          <>
            <P>
              Every account can publish. Sign up, open <PageLink to="/me/publish">Publish</PageLink> from your
              profile, choose whether the skin has color variations, and fill in the editor: a name (4–60
              characters), a description of up to 200 characters, the game, a price, up to 10 screenshots (PNG
              or JPEG, up to 8 MB each) and the skin as a .zip of up to 25 MB. Once it is published, the
              author menu with your skins, bundles, dashboard and payouts appears in your profile.
            </P>
            <P>
              Please read the <PageLink to="/submissions">submission rules</PageLink> first: the artwork must
              be your own and suitable for any age.
            </P>
          </>
        ),
      },
      {
        id: 'fees',
        question: 'What does it cost to sell on TrackSkins?',
        answer: (
          <P>
            Publishing is free, and so are free skins. On a paid sale, the site fee is 2 % of the order and
            the payment provider&apos;s fee is passed on at cost: 1,5 % + 0,30 € per order for card buyers in
            the EEA (3,25 % + 0,30 € elsewhere), or 3,49 % + 0,35 € with PayPal. The rest is yours. See{' '}
            <PageLink to="/about-payout-system">author payouts and fees</PageLink> for a worked example.
          </P>
        ),
      },
      {
        id: 'payouts',
        question: 'When and how do I get paid?',
        answer: (
          <P>
            Your share of each sale collects in a pending payout. Bank transfers go out on the 1st and 16th of
            each month once the payout reaches 50 €; PayPal payouts are sent on request. Choose your method
            and fill in the details in <PageLink to="/me/settings">Profile Settings</PageLink>, and follow
            every payout on <PageLink to="/me/payouts">My Payouts</PageLink>.
          </P>
        ),
      },
    ],
  },
  {
    id: 'features',
    title: 'Ratings and features',
    icon: <IconStar size={20} aria-hidden />,
    questions: [
      {
        id: 'ratings',
        question: 'How do ratings work?',
        answer: (
          <P>
            Signed-in players can give each skin 1 to 5 stars; voting again replaces your earlier vote. A skin
            shows the average of all votes, rounded to two decimals, together with the number of votes.
          </P>
        ),
      },
      {
        id: 'skin-of-the-month',
        question: 'How is the Skin of the Month chosen?',
        answer: (
          <>
            <P>
              Automatically, at the start of each month, from the ratings given during the previous month. To
              keep one lucky five-star vote from beating a skin loved by dozens, we use a weighted (Bayesian)
              average: a skin&apos;s average is pulled towards the site-wide average until it has collected
              enough votes to speak for itself. A skin needs at least 3 votes in that month to take part; on a
              tie, the skin with more votes wins.
            </P>
            <P>
              The winner is featured on the homepage and on our social channels for the whole month. Want your
              favorite to win? Rate it.
            </P>
          </>
        ),
      },
      {
        id: 'color-variations',
        question: 'What are color variations?',
        answer: (
          <P>
            One design published in several color schemes. Each variation is a skin of its own with its own
            screenshots and price, and they are linked both ways: the color swatches on a skin take you to the
            others. Read more in the <PageLink to="/blog#color-variations">blog post</PageLink>.
          </P>
        ),
      },
      {
        id: 'bundles',
        question: 'What are bundles?',
        answer: (
          <P>
            Sets of skins sold together, usually for less than the skins cost separately – the bundle page
            tells you how much you save. One purchase puts every skin of the bundle in your collection. See
            the <PageLink to="/bundles">bundles</PageLink> or the{' '}
            <PageLink to="/blog#bundles">blog post</PageLink>.
          </P>
        ),
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    icon: <IconMessageCircle size={20} aria-hidden />,
    questions: [
      {
        id: 'contact-us',
        question: 'How can I contact you?',
        answer: (
          <P>
            Write to <ContactEmail />. For an order, include the order number from your purchase e-mail; for a
            payout, its number from My Payouts. Questions about a particular skin are often answered fastest
            by its author in the comments on the skin&apos;s page. We usually reply within a couple of days.
          </P>
        ),
      },
      {
        id: 'report',
        question: 'How do I report a skin that breaks the rules?',
        answer: (
          <P>
            E-mail us the link to the skin and what is wrong with it – stolen artwork, unsuitable content,
            misleading screenshots or a suspicious file. We check every report and remove what breaks the{' '}
            <PageLink to="/submissions">submission rules</PageLink>.
          </P>
        ),
      },
    ],
  },
];

export default function FaqPage() {
  const hash = useScrollToHash();
  const count = groups.reduce((sum, group) => sum + group.questions.length, 0);
  return (
    <StaticPage
      title="Frequently asked questions"
      lead={`${count} answers about buying, installing, selling and everything in between. Can't find yours? Ask us.`}
    >
      {groups.map((group) => (
        <Section
          key={group.id}
          id={group.id}
          title={
            <Text component="span" inherit display="inline-flex" style={{ alignItems: 'center', gap: 10 }}>
              {group.icon}
              {group.title}
            </Text>
          }
        >
          <Accordion
            variant="separated"
            radius="md"
            order={3}
            multiple
            defaultValue={group.questions.some((q) => q.id === hash) ? [hash] : []}
          >
            {group.questions.map((q) => (
              <Accordion.Item key={q.id} value={q.id} id={q.id} style={{ scrollMarginTop: 96 }}>
                <Accordion.Control>
                  <Text fw={600}>{q.question}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">{q.answer}</Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Section>
      ))}
    </StaticPage>
  );
}

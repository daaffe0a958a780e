import type { ReactNode } from 'react';
import { Anchor, List, Table } from '@mantine/core';
import type { LegalSection } from '../components/legal-document';
import { LegalDocument } from '../components/legal-document';
import { ContactEmail, PageLink } from '../components/links';
import { P } from '../components/section';
import { StaticPage } from '../components/static-page';
import { PAGE_DATES } from '../site';

function SimpleTable({
  head,
  rows,
  minWidth = 560,
}: {
  head: string[];
  rows: ReactNode[][];
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table withTableBorder verticalSpacing="sm" horizontalSpacing="md" style={{ lineHeight: 1.55 }}>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, rowIndex) => (
            <Table.Tr key={rowIndex}>
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <Table.Th key={cellIndex} scope="row" fw={600} style={{ verticalAlign: 'top' }}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={cellIndex} style={{ verticalAlign: 'top' }}>
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const sections: LegalSection[] = [
  {
    id: 'controller',
    title: 'Who is responsible for your data',
    body: (
      <P>
        The controller of the personal data processed on TrackSkins is the operator of the site, the
        TrackSkins team, based in the Czech Republic. For anything about your data, write to{' '}
        <ContactEmail subject="Privacy" />. We process personal data in line with the EU General Data
        Protection Regulation (GDPR) and Czech data protection law.
      </P>
    ),
  },
  {
    id: 'data',
    title: 'What data we collect',
    body: (
      <SimpleTable
        head={['Data', 'What it includes']}
        rows={[
          [
            'Account',
            'Username, e-mail address, password (stored only as a secure hash), country, language, avatar, whether you subscribed to news, and the roles of your account.',
          ],
          [
            'Author profile',
            'If you publish: the optional bio and links to Twitter, Instagram, Twitch, Discord, Facebook and your website. You choose to fill them in, and they are public.',
          ],
          [
            'Orders',
            'E-mail address, full name and country given at checkout, the items bought, prices, fees, payment method and status, and the time of payment. Card numbers go straight to the payment provider; we never receive them.',
          ],
          [
            'Payout details',
            'For authors who sell: full name, street, city, country, IBAN and BIC for bank transfers, or the PayPal e-mail address; and the history of your payouts.',
          ],
          [
            'Downloads',
            'Which skin was downloaded and when, together with your user account or, if you are not signed in, an anonymous visitor key – a random identifier stored in your browser that tells us nothing about who you are.',
          ],
          [
            'Page views',
            'How many times each skin or bundle page was opened on each day, as a number per page and day, so authors see which of their items are looked at. Nothing about who opened it is kept; visits of bots and of the item’s own author are not counted.',
          ],
          ['Ratings and comments', 'Your votes and the text of your comments, with the time they were made.'],
          [
            'Technical data',
            'The IP address, browser type and requested page in our server logs, kept for security and to fix errors.',
          ],
          ['Messages', 'What you write to us by e-mail and our replies.'],
        ]}
      />
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <>
        <P>
          We use only what the site needs to work. There are no advertising or third-party tracking cookies on
          TrackSkins, so we do not ask you for cookie consent.
        </P>
        <SimpleTable
          head={['Name', 'Purpose', 'How long']}
          rows={[
            [
              'Session token (cookie)',
              'Keeps you signed in. It holds a signed token with your user id, username, e-mail, language, country and roles.',
              'Until the token expires; it is renewed while you use the site and deleted when you sign out.',
            ],
            [
              'Cart (browser storage)',
              'Remembers the ids of the skins and bundles in your cart, so they are still there when you come back.',
              'Until you buy them, remove them or clear your browser data.',
            ],
            [
              'Visitor key (browser storage)',
              'A random anonymous identifier used only to count unique downloads by visitors who are not signed in.',
              'Until you clear your browser data.',
            ],
            [
              'Color scheme (browser storage)',
              'Remembers whether you chose the dark or the light theme.',
              'Until you clear your browser data.',
            ],
          ]}
        />
        <P>
          The payment pages of our payment providers, which you visit during checkout, may set their own
          cookies under their own privacy policies.
        </P>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'Why we use your data and on what legal basis',
    body: (
      <SimpleTable
        head={['Purpose', 'Legal basis (GDPR)']}
        rows={[
          [
            'Running your account, selling and delivering items, paying authors, customer support',
            'Performance of a contract – Art. 6(1)(b)',
          ],
          [
            'Keeping orders, invoices and payout records for accounting and tax',
            'Legal obligation – Art. 6(1)(c)',
          ],
          [
            'Security, preventing fraud and abuse, download statistics for authors and the site, choosing the Skin of the Month',
            'Legitimate interests – Art. 6(1)(f)',
          ],
          [
            'Sending news about TrackSkins',
            'Your consent (the news checkbox) – Art. 6(1)(a); you can withdraw it at any time',
          ],
        ]}
      />
    ),
  },
  {
    id: 'recipients',
    title: 'Who we share data with',
    body: (
      <>
        <P>We never sell personal data. We share it only with the services that help us run TrackSkins:</P>
        <List spacing="xs" withPadding>
          <List.Item>
            <strong>Stripe</strong>, our card payment provider, which processes card payments and refunds;
          </List.Item>
          <List.Item>
            <strong>PayPal</strong>, for PayPal payments, refunds and payouts to authors; PayPal also acts as
            a controller of the data in your PayPal account;
          </List.Item>
          <List.Item>
            <strong>our e-mail provider</strong>, which delivers account, order and payout e-mails;
          </List.Item>
          <List.Item>
            <strong>our hosting provider</strong>, on whose servers in the EU the site and its database run;
          </List.Item>
          <List.Item>
            <strong>our bank</strong>, which carries out bank payouts to authors;
          </List.Item>
          <List.Item>public authorities, only where the law requires it.</List.Item>
        </List>
        <P>
          Authors see the sales of their items – item, price and fees – but not the name or e-mail address of
          the buyer. When we promote a skin on social networks, we share only public content: its images,
          title and the author&apos;s username.
        </P>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'Transfers outside the EU',
    body: (
      <P>
        Stripe and PayPal may process some data outside the European Economic Area, in particular in the
        United States. Such transfers are protected by the European Commission&apos;s standard contractual
        clauses or another safeguard recognised by the GDPR.
      </P>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <SimpleTable
        head={['Data', 'Kept for']}
        minWidth={480}
        rows={[
          [
            'Account and author profile',
            'Until you delete your account: then at once (see "Deleting your account" below).',
          ],
          [
            'Orders, invoices, credit notes and payout records',
            '10 years, as Czech accounting and VAT law requires, also after you delete your account or have your guest purchases erased: the orders, invoices, credit notes and payouts stay with their amounts, dates and countries, and the name on each invoice and credit note is kept apart for as long as the law requires. Your e-mail address and the bank account or PayPal address a payout was sent to are erased.',
          ],
          ['Payout details in your profile', 'Until you change them or delete your account.'],
          [
            'Download records',
            '2 years, then only anonymous totals are kept (they feed the download counts of the skins).',
          ],
          [
            'Ratings and comments',
            'Until you or we remove them. When you delete your account they stay, shown as by "deleted user", without your name, avatar or country.',
          ],
          ['Server logs', '30 days.'],
          ['E-mails with us', '2 years after the matter is closed.'],
        ]}
      />
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <P>You have the right to:</P>
        <List spacing="xs" withPadding>
          <List.Item>
            get a copy of the personal data we hold about you (access, Art. 15) – download it yourself in
            Settings → Your data;
          </List.Item>
          <List.Item>
            have incorrect data corrected – most of it you can edit yourself in Profile Settings;
          </List.Item>
          <List.Item>
            have your data deleted, unless the law requires us to keep it (erasure, Art. 17) – delete your
            account yourself in Settings → Your data;
          </List.Item>
          <List.Item>
            restrict its processing or object to processing based on our legitimate interests;
          </List.Item>
          <List.Item>
            receive the data you gave us in a machine-readable format (portability, Art. 20) – the same
            archive of JSON and CSV files;
          </List.Item>
          <List.Item>
            withdraw your consent to news e-mails at any time, in Profile Settings or by e-mail.
          </List.Item>
        </List>
        <P>
          Write to <ContactEmail subject="Privacy request" /> to use any of these rights; we answer within one
          month. You may also complain to the Czech data protection authority, the Úřad pro ochranu osobních
          údajů (
          <Anchor href="https://www.uoou.cz" target="_blank" rel="noopener noreferrer" inherit>
            www.uoou.cz
          </Anchor>
          ), or to the authority of the EU country where you live.
        </P>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data: the archive and deleting your account',
    body: (
      <>
        <P>
          Signed in, open Settings → Your data. <strong>Download your data</strong> gives you one zip archive
          with a README that explains each file: your profile and payout details, your orders with their
          invoices and credit notes (as PDFs), the skins you downloaded, your ratings, comments, follows,
          wishlist, notifications and reports, the skins and bundles you published, your payouts with their
          statements, your API tokens and webhooks (never their secrets) and what we keep of your sessions.
          You can download it up to 5 times an hour.
        </P>
        <P>
          <strong>Delete your account</strong> asks for your username and password, then at once: ends every
          session on every device and your API tokens; deletes your e-mail address, name, avatar, bio, social
          links, postal address and payout details, your password and your webhooks; turns off news and
          notification e-mails and sends you no e-mail any more, not even one already waiting; and unpublishes
          your skins and bundles (players who bought them keep their licence and can still download them, as
          the <PageLink to="/terms-of-service#licence-to-platform">terms</PageLink> say). Your comments stay,
          shown as by &quot;deleted user&quot;, and your votes stay in the averages. Your username is never
          given to anyone else; we keep only a one-way hash of it for that.
        </P>
        <P>
          What the law makes us keep stays, apart from the site: the orders with their invoices and credit
          notes, and your payout records, for 10 years. If money is on its way to you (a payout being sent, a
          failed one, or pending earnings of at least the 50 € minimum), the deletion waits until it is paid;
          pending earnings under the minimum cannot be paid once your payout details are gone, and the page
          asks you to give them up before it deletes the account. Admin accounts are deleted only after
          another admin removes their admin role. You can also ask us by e-mail, and an admin deletes the
          account for you.
        </P>
        <P>
          <strong>Bought without an account?</strong> Write to <ContactEmail subject="Privacy request" /> from
          the e-mail address you bought with, or give us an order number, and an admin erases your data: the
          name and e-mail address of all your purchases made as a guest with that address become &quot;deleted
          user&quot;, everywhere we keep them, while the invoices keep the name for as long as the law
          requires. If you buy with the same address later, that purchase is kept like any new one.
        </P>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <P>
        The site runs over HTTPS only, passwords are stored as salted hashes, payment data stays with the
        payment providers, and only the people who need it – for orders, payouts and support – can access
        personal data. Paid files are delivered only to the people who bought them, through their account or
        through signed links that expire.
      </P>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <P>
        You must be at least 15 years old to create an account, as described in the{' '}
        <PageLink to="/terms-of-service#accounts">terms of service</PageLink>. If you believe a younger child
        has given us personal data, tell us and we will delete it.
      </P>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <P>
        We update this policy when we change how we handle data, for example when we add a new service. The
        date at the top shows the current version; important changes are announced by e-mail or on the site.
        Earlier versions are available on request.
      </P>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy policy"
      lastUpdated={PAGE_DATES.privacy}
      lead="What personal data TrackSkins collects, why, who else sees it, how long we keep it, and the rights you have."
    >
      <LegalDocument sections={sections} withContents />
    </StaticPage>
  );
}

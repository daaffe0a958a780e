import { Anchor, List, Text } from '@mantine/core';
import type { LegalSection } from '../components/legal-document';
import { LegalDocument } from '../components/legal-document';
import { ContactEmail, PageLink } from '../components/links';
import { P } from '../components/section';
import { StaticPage } from '../components/static-page';
import { PAGE_DATES } from '../site';
import {
  prohibitedRules,
  ruleAnchor,
  termsRules,
  type TermsGround,
} from '../../../../../domain/moderation/terms-grounds';

/** A numbered rule a moderation decision can name (its statement of reasons links here). */
function Rule({ ground }: { ground: TermsGround }) {
  return (
    <List.Item id={ruleAnchor(ground)}>
      <strong>{termsRules[ground].number}</strong> {termsRules[ground].text}
    </List.Item>
  );
}

/** The sections in order: the page numbers them, and the rules' numbers (14.2) count on it. */
export const termsSections: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction and definitions',
    body: (
      <>
        <P>
          These terms govern the use of TrackSkins, a marketplace and gallery for custom car skins for the
          Trackmania games (the &ldquo;site&rdquo;). The site is operated from the Czech Republic by the
          TrackSkins team (&ldquo;we&rdquo;, &ldquo;us&rdquo;), reachable at <ContactEmail />.
        </P>
        <List spacing="xs" withPadding>
          <List.Item>
            <strong>User</strong>: anyone who uses the site, with or without an account.
          </List.Item>
          <List.Item>
            <strong>Player</strong>: a user who browses, downloads or buys items.
          </List.Item>
          <List.Item>
            <strong>Author</strong>: a user who uploads items to the site, for free or for a price.
          </List.Item>
          <List.Item>
            <strong>Item</strong>: a skin (a car skin file with its screenshots, video link and description)
            or a bundle (a set of skins sold together).
          </List.Item>
          <List.Item>
            <strong>Order</strong>: a purchase of one or more items paid in one payment.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    body: (
      <P>
        By creating an account, placing an order or uploading an item you agree to these terms, to the{' '}
        <PageLink to="/refunds">refund policy</PageLink> and to the{' '}
        <PageLink to="/submissions">submission rules</PageLink>, and you confirm that you have read the{' '}
        <PageLink to="/privacy">privacy policy</PageLink>. If you do not agree, please do not use the site.
        Each order is governed by the version of these terms in force when it was placed.
      </P>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <>
        <P>
          An account needs a username of 4 to 40 characters without spaces, a valid e-mail address, a password
          of at least 8 characters and your country. You must be at least 15 years old to open an account; if
          you are under 18, you need the consent of a parent or guardian to buy items or to sell as an author.
        </P>
        <P>
          Keep your password to yourself: you are responsible for what happens under your account. Tell us
          straight away if you think someone else has access to it. One person may hold one account; accounts
          may not be sold or transferred. Usernames that impersonate others or are offensive may be changed or
          removed.
        </P>
      </>
    ),
  },
  {
    id: 'guest-purchases',
    title: 'Buying without an account',
    body: (
      <P>
        You can buy items as a guest by giving your e-mail address, full name and country. The download links
        are sent to that e-mail address; they are personal and expire after a while, so download the files in
        good time. Guest purchases are added to your collection if you later open an account with the same
        e-mail address. Everything in these terms about purchases applies to guests too.
      </P>
    ),
  },
  {
    id: 'purchases',
    title: 'Orders, prices and payment',
    body: (
      <>
        <P>
          Prices are set by the authors and shown in euros. The price shown in your cart is the price you pay;
          each order is a one-off payment, with no subscription. You pay with one of the methods offered at
          checkout, handled by our payment providers; we never see or store your full card number.
        </P>
        <P>
          A contract for the purchase of an item is concluded when the payment provider confirms your payment.
          We then confirm the order by e-mail. If a payment fails or is cancelled, no contract arises and the
          items stay available in your cart. We may refuse or cancel an order in case of suspected fraud, a
          technical error in the price or the unavailability of the item; any amount already paid is then
          refunded in full.
        </P>
      </>
    ),
  },
  {
    id: 'licence',
    title: 'Your licence to purchased and free items',
    body: (
      <>
        <P>
          Buying an item does not transfer ownership of the artwork. It gives you a personal, non-exclusive,
          non-transferable and perpetual licence to use the item in the games it is made for, on your own
          devices and game accounts. The same licence applies to items you download for free, unless the
          author states more generous terms in the item&apos;s description.
        </P>
        <P>You may not:</P>
        <List spacing="xs" withPadding>
          <List.Item>resell, share, give away or publish the item file, in whole or in part;</List.Item>
          <List.Item>modify or recolor the item, or use it as the basis of another skin;</List.Item>
          <List.Item>
            present the work as your own or remove the author&apos;s name from it, including in screenshots
            and videos;
          </List.Item>
          <List.Item>
            use the item commercially outside the game without the author&apos;s written consent.
          </List.Item>
        </List>
        <P>
          You may of course show the skin on your car in races, streams, videos and screenshots. The author
          keeps all other rights.
        </P>
      </>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery and downloads',
    body: (
      <P>
        Items are delivered digitally, straight after payment: in your collection (with an account) and
        through the links in the confirmation e-mail. Please keep a copy of the files you download. We aim to
        keep purchased items downloadable from your collection for as long as the site runs, including when an
        author later hides or removes an item, but we cannot promise that every file will be available
        forever.
      </P>
    ),
  },
  {
    id: 'refunds',
    title: 'Withdrawal and refunds',
    body: (
      <>
        <P>
          Items are digital content supplied immediately. By ticking the confirmation box at checkout you ask
          us to make the items available right away and acknowledge that you lose your statutory right of
          withdrawal once they are made available to you.
        </P>
        <P>
          In addition, we offer a refund within <strong>7 days</strong> of the purchase for any item that has
          not been downloaded. A downloaded item cannot be refunded, and neither can complaints made after 7
          days, except where mandatory law (section 20) gives you more. The procedure is in the{' '}
          <PageLink to="/refunds">refund policy</PageLink>. A refunded item is removed from your collection
          and your licence to it ends.
        </P>
      </>
    ),
  },
  {
    id: 'authors',
    title: 'Becoming an author',
    body: (
      <P>
        Any account holder may upload items and so become an author. Authors who sell items must give truthful
        payout details and, if under 18, have the consent of a parent or guardian. Authors decide which of
        their items are published or hidden, and at what price: free, or from 2 € to 500 €.
      </P>
    ),
  },
  {
    id: 'author-obligations',
    title: 'Author obligations',
    body: (
      <>
        <P>By uploading an item you confirm that:</P>
        <List spacing="xs" withPadding>
          <List.Item id="rule-10-1">
            <strong>10.1</strong> the artwork is your own work, or you hold all the rights needed to publish
            and sell it;
          </List.Item>
          <List.Item id="rule-10-2">
            <strong>10.2</strong> the item follows the <PageLink to="/submissions">submission rules</PageLink>
            , in particular that it is suitable for any age and contains no malware;
          </List.Item>
          <Rule ground="MISLEADING_ITEM" />
          <List.Item id="rule-10-4">
            <strong>10.4</strong> you will answer buyers&apos; reasonable questions about your items and fix a
            broken file when we let you know about it.
          </List.Item>
        </List>
        <P>
          You grant every buyer, through the site, the licence described in section 6. You are responsible for
          claims made against us because an item of yours infringes someone else&apos;s rights.
        </P>
      </>
    ),
  },
  {
    id: 'licence-to-platform',
    title: 'Licence you grant to TrackSkins',
    body: (
      <>
        <P>
          To run the marketplace we need some rights to your items. By uploading an item you grant us a
          non-exclusive, worldwide, royalty-free licence to store, copy and deliver the item file to the
          players who download or buy it; to display its screenshots, video, title and description on the
          site; to make thumbnails and previews; and to promote it – for example as Skin of the Month, on the
          homepage or in posts on our social media, always with your author name.
        </P>
        <P>
          The licence lasts while the item is published. When you hide or remove an item we stop offering it,
          but players who already have it keep their licence, and we may keep delivering it to them. You keep
          the copyright and all other rights to your work.
        </P>
      </>
    ),
  },
  {
    id: 'fees-payouts',
    title: 'Fees and payouts',
    body: (
      <>
        <P>
          For each paid sale we keep a site fee of 2 % of the order total and deduct the payment
          provider&apos;s fee, which we pass on at cost. The rest of the price is the author&apos;s share. The
          current fees, the payout dates and the minimum payout are described on the{' '}
          <PageLink to="/about-payout-system">author payouts and fees</PageLink> page, which forms part of
          these terms.
        </P>
        <Text component="p" id="rule-12-2" lh={1.7} m={0}>
          <strong>12.2</strong> Author shares collect in a pending payout and are paid by bank transfer or
          PayPal to the details given in Profile Settings. A payout waits until those details are complete and
          the minimum amount is reached. We are not responsible for delays or losses caused by incorrect
          payout details. If an order is refunded, the author&apos;s share is taken back from the open or the
          next payout. Authors are responsible for declaring their income and paying any taxes due on it.
        </Text>
      </>
    ),
  },
  {
    id: 'user-content',
    title: 'Ratings and comments',
    body: (
      <>
        <P>
          Signed-in users may rate skins and write comments. Rate honestly and keep comments about the skins
          and respectful to the authors and to each other. Your comments are public and shown with your
          username, avatar and country. You grant us the right to display them on the site for as long as they
          are published. We may remove ratings and comments that break these terms. When you delete your
          account, your comments stay, shown as written by &quot;deleted user&quot; without your username,
          avatar or country, and your ratings stay in the skins&apos; averages.
        </P>
        <Text component="p" id="reviews" lh={1.7} m={0}>
          <strong>How reviews are checked.</strong> When you rate a skin or write a comment, we check our own
          records of orders and downloads: if you owned the item then (you bought it, alone or in a bundle,
          and it was not refunded) or had downloaded it while signed in, your comment shows a
          &ldquo;Verified&rdquo; mark and your vote counts among the verified votes shown under the
          skin&apos;s rating. The mark is recorded as you write, so a later purchase does not change an
          earlier review. We do not check anything else: reviews without the mark come from signed-in users
          who had not bought or downloaded the item, they are shown too, and the average rating counts every
          vote. Comments are listed newest first whether verified or not. We remove reviews that break these
          terms, such as traded votes (rule 14.4). This is how we meet Article 7(6) of the Unfair Commercial
          Practices Directive as amended by Directive (EU) 2019/2161.
        </Text>
      </>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited content and conduct',
    body: (
      <>
        <P>On TrackSkins you must not break these rules (a moderation decision names the one it rests on):</P>
        <List spacing="xs" withPadding>
          {prohibitedRules.map((ground) => (
            <Rule key={ground} ground={ground} />
          ))}
        </List>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation, suspension and termination',
    body: (
      <>
        <P>
          We may hide or remove items, ratings and comments, suspend or close accounts and ban users who break
          these terms or the submission rules, depending on how serious and how repeated the breach is.
          Uploading malware or stolen work leads to an immediate ban.
        </P>
        <P>
          Whenever we take down your skin or bundle, remove your comment, block your account or hold a payout
          of yours, we send you a <strong>statement of reasons</strong>, in the app (Statements and appeals in
          your account) and by e-mail: what we decided and from when, the facts, the numbered rule of these
          terms it rests on, whether automated means were used (today every decision is taken by a person),
          and how to appeal. You can <strong>appeal once</strong> within six months, in a few words on that
          page (a blocked account, which cannot sign in, appeals through the link in its statement&apos;s
          e-mail, which works for that decision only and until the last day to appeal); an admin looks at the
          decision again and answers you the same way, upholding it or reversing it. A reversal restores what
          was taken down or lifts the block. Whoever reports an item is told that the report arrived and what
          came of it. This follows Articles 16, 17 and 20 of the EU Digital Services Act (2022/2065).
        </P>
        <P>
          You may delete your account at any time in Settings → Your data, or by writing to us. Deleting it
          unpublishes your skins and bundles; players who bought them keep their licence (section 6) and can
          still download them. Author shares already earned are paid out under the usual rules before the
          account goes: while a payout is being sent, has failed or holds at least the minimum payout, the
          deletion waits until it is paid. Pending shares under the minimum payout cannot be paid once your
          payout details are deleted: you give them up when you delete the account, and the deletion page asks
          you to confirm it. Shares from sales that were fraudulent or infringed someone&apos;s rights may be
          withheld and returned to the buyers. Orders, invoices and payout records are kept for 10 years, as
          accounting and tax law requires; the <PageLink to="/privacy#your-data">privacy policy</PageLink>{' '}
          says what else happens.
        </P>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property and infringement notices',
    body: (
      <P>
        The site itself – its design, code and texts – belongs to us; the items belong to their authors.
        TrackSkins is an independent fan site, not affiliated with Ubisoft or Nadeo; Trackmania is their
        trademark. If you believe an item or comment infringes your rights, write to <ContactEmail /> with a
        link to it, a description of your work and your contact details. We review every notice promptly and
        remove content that infringes.
      </P>
    ),
  },
  {
    id: 'availability',
    title: 'Availability of the service',
    body: (
      <P>
        We work to keep the site available and the files intact, but we cannot guarantee uninterrupted
        service. We may change, pause or end features, for example for maintenance. Game updates by the game
        publisher may change how skins work; we and the authors will help where we can, but we cannot
        guarantee that an item keeps working after such an update.
      </P>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <P>
        Items are created by the authors, not by us; we check reports but cannot review every file in depth.
        To the extent the law allows, we are not liable for indirect damage, lost profits or lost data, nor
        for decisions of the game publisher about your game account, and our total liability to you is limited
        to the amount you paid us in the 12 months before the claim. Nothing in these terms limits liability
        for intent, gross negligence or harm to health, or your mandatory rights as a consumer, including your
        rights in case of defective digital content.
      </P>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <P>
        We may update these terms, for example when we add features or the law changes. We announce important
        changes by e-mail or on the site at least 14 days before they take effect. If you do not agree with
        the new terms, you can close your account before then; continuing to use the site afterwards means you
        accept them. Orders already placed keep the terms that applied when they were placed.
      </P>
    ),
  },
  {
    id: 'law-disputes',
    title: 'Governing law and disputes',
    body: (
      <>
        <P>
          These terms and all contracts concluded through the site are governed by the law of the Czech
          Republic, in particular the Civil Code (Act No. 89/2012 Coll.). If you are a consumer living in
          another country, you also keep the protection of the mandatory consumer law of that country.
        </P>
        <P>
          If something goes wrong, please contact us first at <ContactEmail /> – most problems are solved in a
          few e-mails. Consumers may also turn to the Czech Trade Inspection Authority (Česká obchodní
          inspekce,{' '}
          <Anchor href="https://www.coi.cz" target="_blank" rel="noopener noreferrer" inherit>
            www.coi.cz
          </Anchor>
          ) for out-of-court resolution of consumer disputes. Otherwise, disputes are decided by the competent
          courts of the Czech Republic, without prejudice to a consumer&apos;s right to sue in the courts of
          their home country.
        </P>
      </>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <StaticPage
      title="Terms of service"
      lastUpdated={PAGE_DATES.terms}
      lead="The rules for using TrackSkins: buying and downloading skins, publishing and selling your own, and what we expect from everyone on the site."
    >
      <LegalDocument sections={termsSections} withContents />
    </StaticPage>
  );
}

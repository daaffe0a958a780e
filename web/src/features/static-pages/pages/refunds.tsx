import { Alert, List } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import type { LegalSection } from '../components/legal-document';
import { LegalDocument } from '../components/legal-document';
import { ContactEmail, PageLink } from '../components/links';
import { P } from '../components/section';
import { StaticPage } from '../components/static-page';
import { PAGE_DATES } from '../site';
import { WITHDRAWAL_DAYS, withdrawalConsentTexts } from '../../../../../domain/orders/withdrawal-consent';

const sections: LegalSection[] = [
  {
    id: 'withdrawal',
    title: 'Your 14-day right of withdrawal',
    body: (
      <>
        <P>
          At checkout you choose whether we deliver the files at once. Two boxes, both unticked, ask for it:
        </P>
        <List spacing="xs" withPadding>
          <List.Item>&ldquo;{withdrawalConsentTexts.deliveryNow}&rdquo;</List.Item>
          <List.Item>&ldquo;{withdrawalConsentTexts.acknowledgement}&rdquo;</List.Item>
        </List>
        <P>
          <strong>If you tick both</strong>, your downloads are ready as soon as the payment is confirmed. By
          doing so you agree to the immediate delivery and you lose your right of withdrawal (EU Consumer
          Rights Directive 2011/83/EU, Art. 16(m)). Your confirmation e-mail repeats what you agreed to and
          when.
        </P>
        <P>
          <strong>If you tick neither</strong>, you can still buy. The order is paid, but its downloads wait
          until you consent: on the order&apos;s page (linked from the confirmation e-mail) or in your{' '}
          <PageLink to="/me/collection">collection</PageLink>, with the button &ldquo;Start the
          delivery&rdquo;. Until you consent, and for {WITHDRAWAL_DAYS} days after the payment, you can
          withdraw from the purchase yourself with the button &ldquo;Withdraw from the purchase&rdquo; in the
          same places: the full amount goes back to the card or PayPal account you paid with, and you need not
          give a reason (Art. 9 and 13). After you consent, or after the {WITHDRAWAL_DAYS} days, the button is
          gone. When you consent later, we confirm it by e-mail.
        </P>
        <P>Ticking only one of the two boxes is not accepted: tick both, or neither.</P>
      </>
    ),
  },
  {
    id: 'when',
    title: 'Refunds on request',
    body: (
      <>
        <P>
          Apart from the withdrawal above, we refund a purchased skin or bundle on request when both of these
          are true:
        </P>
        <List spacing="xs" withPadding>
          <List.Item>
            you ask within <strong>7 days</strong> of the purchase (counted from the moment the payment was
            confirmed), and
          </List.Item>
          <List.Item>
            the item has <strong>not been downloaded</strong> – neither from your collection nor through the
            link in the purchase e-mail.
          </List.Item>
        </List>
        <P>
          Typical cases: you bought the wrong color variation, bought a Trackmania (2020) skin without having
          club access, or bought the same skin twice.
        </P>
      </>
    ),
  },
  {
    id: 'not-refundable',
    title: 'When we cannot refund',
    body: (
      <>
        <List spacing="xs" withPadding>
          <List.Item>
            <strong>Downloaded items.</strong> A digital file cannot be returned once you have a copy of it,
            so a downloaded item is not refundable. A bundle counts as downloaded as soon as any skin from it
            has been downloaded.
          </List.Item>
          <List.Item>
            <strong>Requests after 7 days.</strong> Complaints made more than 7 days after the purchase are
            not refunded.
          </List.Item>
          <List.Item>
            <strong>Free items.</strong> There is nothing to refund.
          </List.Item>
        </List>
        <P>
          Not sure the skin will work for you? Look at its screenshots and comments, check the{' '}
          <PageLink to="/installation-guide">installation guide</PageLink>, or ask the author in the comments
          before you buy.
        </P>
      </>
    ),
  },
  {
    id: 'how',
    title: 'How to ask for a refund',
    body: (
      <>
        <P>
          Write to <ContactEmail subject="Refund request" /> from the e-mail address you used for the
          purchase, and include:
        </P>
        <List spacing="xs" withPadding type="ordered">
          <List.Item>
            the order number – it is in your purchase e-mail and in{' '}
            <PageLink to="/me/purchase-history">Purchase History</PageLink>;
          </List.Item>
          <List.Item>which items of the order you want refunded;</List.Item>
          <List.Item>optionally, why – it helps the authors and us to improve.</List.Item>
        </List>
        <P>
          We check the order and its downloads and reply within a few work days. Requests sent within the 7
          days count even if we answer later.
        </P>
      </>
    ),
  },
  {
    id: 'what-happens',
    title: 'What happens next',
    body: (
      <List spacing="xs" withPadding>
        <List.Item>
          We refund the full price of the refunded items to the payment method you paid with. We do not pay
          refunds any other way.
        </List.Item>
        <List.Item>
          The money usually shows up within a few days; with some banks a card refund takes up to 10 work
          days.
        </List.Item>
        <List.Item>
          The items leave your collection, their download links stop working and your licence to them ends.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'authors',
    title: 'What it means for authors',
    body: (
      <P>
        When an order is refunded, the author&apos;s share of it is taken back: from the author&apos;s open
        payout if the sale is still in it, otherwise from the next payout. Only the author&apos;s share is
        taken back – the author does not pay the fees of a refunded order. See{' '}
        <PageLink to="/about-payout-system#refunds">author payouts and fees</PageLink>.
      </P>
    ),
  },
  {
    id: 'defects',
    title: 'Broken items and your statutory rights',
    body: (
      <P>
        If an item does not work as described – the archive is damaged, or the skin does not match its
        screenshots – tell us as soon as you notice, even if you have downloaded it. We ask the author to fix
        it and, if that is not possible, refund you. This policy is in addition to your rights as a consumer
        under the law and does not limit them; see also the{' '}
        <PageLink to="/terms-of-service#refunds">terms of service</PageLink>.
      </P>
    ),
  },
];

export default function RefundsPage() {
  return (
    <StaticPage
      title="Refund policy"
      lastUpdated={PAGE_DATES.refunds}
      lead="When you can get your money back for a skin or bundle, how to ask, and what happens afterwards."
    >
      <Alert
        variant="light"
        color="cyan"
        title="In short"
        icon={<IconReceiptRefund aria-hidden />}
        styles={{ message: { lineHeight: 1.6 } }}
      >
        If you did not ask for immediate delivery at checkout, you can withdraw from the purchase yourself
        within {WITHDRAWAL_DAYS} days of the payment, as long as you have not consented to the delivery since.
        Otherwise: ask within 7 days of the purchase and before you download the item, and we refund the full
        price. A downloaded item cannot be refunded.
      </Alert>
      <LegalDocument sections={sections} />
    </StaticPage>
  );
}

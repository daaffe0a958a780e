import type { ReactNode } from 'react';
import { Alert, Card, List, Table, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingBank,
  IconCalendarDue,
  IconCoinEuro,
  IconLock,
  IconBrandPaypal,
  IconReceiptRefund,
  IconUserCheck,
} from '@tabler/icons-react';
import { ContactEmail, PageLink } from '../components/links';
import type { PayoutStatus } from '../../../shared/graphql/generated/graphql';
import { PayoutStatusBadge } from '../../../shared/payouts/payout-status-badge';
import { P, Section } from '../components/section';
import { StaticPage } from '../components/static-page';
import {
  CARD_FEE_EEA_BP,
  CARD_FEE_OTHER_BP,
  CARD_FIXED_CENTS,
  MAX_PRICE_CENTS,
  MIN_PAID_PRICE_CENTS,
  MIN_PAYOUT_CENTS,
  NON_SEPA_BANK_TRANSFER_FEE_EUR,
  PAYPAL_FEE_BP,
  PAYPAL_FIXED_CENTS,
  SITE_FEE_BP,
  splitOrder,
  splitProportionally,
} from '../lib/fees';
import type { ItemSplit } from '../lib/fees';
import { formatEur, formatPercent } from '../lib/format';
import { PAGE_DATES } from '../site';

interface Example {
  heading: string;
  items: { name: string; split: ItemSplit }[];
}

function example(heading: string, names: string[], split: ItemSplit[]): Example {
  return { heading, items: split.map((item, index) => ({ name: names[index] ?? 'Skin', split: item })) };
}

const examples: Example[] = [
  example(
    'A · Card payment, buyer in Germany (EEA) – two skins in one order',
    ['Neon Runner', 'Desert Fox'],
    splitOrder([1000, 2000], 'card', true),
  ),
  example(
    'B · Card payment, buyer in the United States – one skin',
    ['Desert Fox'],
    splitOrder([2000], 'card', false),
  ),
  example('C · PayPal – one skin', ['Neon Runner'], splitOrder([1000], 'paypal', true)),
];

const fixedSplit = splitProportionally(CARD_FIXED_CENTS, [500, 1000]);

const statuses: { status: PayoutStatus; meaning: ReactNode }[] = [
  {
    status: 'PENDING',
    meaning:
      'Your open payout. It is collecting your share of every paid sale; the amount shown is an estimate until the payout is locked.',
  },
  {
    status: 'LOCKED',
    meaning:
      'Closed a couple of days before the payout date and being prepared for sending. New sales already go to your next payout.',
  },
  {
    status: 'SENT',
    meaning:
      'The money is on its way. It usually arrives within 1–3 work days; some transactions take up to a week.',
  },
  {
    status: 'ERROR',
    meaning: (
      <>
        The transfer failed, most often because of incorrect account details. Check them in{' '}
        <PageLink to="/me/settings">Profile Settings</PageLink> and let us know; we send the payout again once
        they are fixed.
      </>
    ),
  },
];

function Money({ cents }: { cents: number }) {
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatEur(cents)}</span>;
}

function ExampleTable() {
  return (
    <div>
      <Table.ScrollContainer minWidth={560}>
        <Table
          striped
          withTableBorder
          verticalSpacing="sm"
          horizontalSpacing="md"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Item</Table.Th>
              <Table.Th scope="col" ta="right">
                Price
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Site fee
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Payment fee
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Your share
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          {examples.map((ex) => (
            <Table.Tbody key={ex.heading}>
              <Table.Tr>
                <Table.Th scope="colgroup" colSpan={5} c="var(--mantine-color-anchor)" fw={600}>
                  {ex.heading}
                </Table.Th>
              </Table.Tr>
              {ex.items.map(({ name, split }) => (
                <Table.Tr key={name}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td ta="right">
                    <Money cents={split.price} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money cents={split.siteFee} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money cents={split.paymentFee} />
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    <Money cents={split.authorShare} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          ))}
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed" mt="xs" lh={1.5}>
        Amounts in euros, rounded to the cent. Payment fee = the percentage of the item&apos;s price plus its
        part of the fixed fee per order.
      </Text>
    </div>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon variant="light" size={30} radius="xl" aria-hidden>
          {icon}
        </ThemeIcon>
      }
    >
      {children}
    </List.Item>
  );
}

export default function AboutPayoutSystemPage() {
  const exampleA = examples[0]?.items ?? [];
  return (
    <StaticPage
      title="Author payouts and fees"
      lastUpdated={PAGE_DATES.payoutSystem}
      lead="What you earn when someone buys your skin or bundle, what the fees pay for, and when and how the money reaches you."
    >
      <Section id="prices" title="Prices">
        <P>
          You set the price of every skin and bundle yourself: either <strong>free</strong> (0 €) or anything
          from <Money cents={MIN_PAID_PRICE_CENTS} /> to <Money cents={MAX_PRICE_CENTS} />. Free items cost
          nobody anything – there are no fees and nothing to pay out. You can change a price at any time in
          the editor; orders already placed keep the price they were paid at.
        </P>
        <P>
          A bundle is sold as one item: its price goes into the calculation below as a whole, and you are paid
          for the bundle.
        </P>
      </Section>

      <Section id="fees" title="Fees">
        <P>
          Two kinds of fees come off each paid sale: the <strong>site fee</strong>, which keeps TrackSkins
          running (servers, storage and downloads, support and new features), and the{' '}
          <strong>payment fee</strong>, which the payment provider charges for handling the buyer&apos;s
          money. We pass the payment fee on at cost.
        </P>
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Fee</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" fw={600}>
                  Site fee
                </Table.Th>
                <Table.Td>{formatPercent(SITE_FEE_BP)} of the order total</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw={600}>
                  Card payment
                </Table.Th>
                <Table.Td>
                  {formatPercent(CARD_FEE_EEA_BP)} for buyers in the European Economic Area (or whose country
                  we do not know), {formatPercent(CARD_FEE_OTHER_BP)} for everyone else, plus{' '}
                  <Money cents={CARD_FIXED_CENTS} /> per order
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw={600}>
                  PayPal
                </Table.Th>
                <Table.Td>
                  {formatPercent(PAYPAL_FEE_BP)} plus <Money cents={PAYPAL_FIXED_CENTS} /> per order
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <P>
          The percentages are taken from each item&apos;s price. The fixed part is charged once per order, no
          matter how many items it holds, so we split it over the items in proportion to their prices: in an
          order of a 5 € and a 10 € skin, the 5 € skin bears <Money cents={fixedSplit[0] ?? 0} /> and the 10 €
          skin <Money cents={fixedSplit[1] ?? 0} /> of the <Money cents={CARD_FIXED_CENTS} />. Buying several
          skins in one order therefore costs every author less than separate orders would.
        </P>
        <Card withBorder padding="md" radius="md">
          <Text fw={700} ta="center" fz={{ base: 'md', sm: 'lg' }}>
            Your share = price − site fee − payment fee
          </Text>
        </Card>
        <P c="dimmed" size="sm">
          We work in whole cents. Where a fee has to be rounded, the leftover cents of an order are
          distributed so that the parts always add up exactly to what the buyer paid.
        </P>
      </Section>

      <Section id="example" title="Worked example">
        <P>
          Three orders and what the authors receive from them. In order A the card fee is{' '}
          {formatPercent(CARD_FEE_EEA_BP)} of each price plus the shared <Money cents={CARD_FIXED_CENTS} />,
          split in proportion to the prices: <Money cents={exampleA[0]?.split.paymentFee ?? 0} /> and{' '}
          <Money cents={exampleA[1]?.split.paymentFee ?? 0} />.
        </P>
        <ExampleTable />
      </Section>

      <Section id="payout-schedule" title="When and how you get paid">
        <List spacing="md" center={false} styles={{ itemWrapper: { alignItems: 'flex-start' } }}>
          <Fact icon={<IconCoinEuro size={18} />}>
            <strong>Every paid sale goes into your open payout.</strong> It has the status Pending and
            collects your share of each sale until it is locked. You can watch it grow on{' '}
            <PageLink to="/me/payouts">My Payouts</PageLink>, item by item, with the fees of each.
          </Fact>
          <Fact icon={<IconCalendarDue size={18} />}>
            <strong>Bank payouts go out on the 1st and the 16th of each month.</strong> A couple of days
            before each payout date the pending payout is locked; sales made after that go into your next
            payout. A sale on 10 March, for example, is paid out on 16 March; a sale on 15 March comes after
            that lock and is paid out on 1 April (provided your payout has reached the minimum below).
          </Fact>
          <Fact icon={<IconLock size={18} />}>
            <strong>
              The minimum payout is <Money cents={MIN_PAYOUT_CENTS} />.
            </strong>{' '}
            Below that, the payout is not locked and simply keeps collecting until it reaches the minimum –
            nothing is lost.
          </Fact>
          <Fact icon={<IconUserCheck size={18} />}>
            <strong>Choose a payout method and fill in its details</strong> in{' '}
            <PageLink to="/me/settings">Profile Settings</PageLink>: for a bank transfer your full name,
            street, city, country, IBAN and BIC; for PayPal your PayPal e-mail address and full name. Until
            the details are complete, your payout waits.
          </Fact>
          <Fact icon={<IconBrandPaypal size={18} />}>
            <strong>PayPal payouts are sent on request.</strong> Once your pending payout has reached the
            minimum, write to us at <ContactEmail subject="PayPal payout request" /> and we send it, usually
            within a few work days.
          </Fact>
          <Fact icon={<IconBuildingBank size={18} />}>
            <strong>Money arrives 1–3 work days after the payout is sent</strong>; some transactions take up
            to a week. Bank payouts are SEPA transfers in euros, so they go to accounts in the SEPA area (the
            European Economic Area, Switzerland, the United Kingdom and a few more countries) and we deduct no
            bank charges. If your account is outside the SEPA area, choose PayPal: a bank transfer to an
            account outside the SEPA area costs a fee of about {NON_SEPA_BANK_TRANSFER_FEE_EUR} €, which is
            why we send bank payouts only within it.
          </Fact>
        </List>
        <Alert variant="light" color="gray" title="Taxes">
          Payouts are your income. Declaring it and paying any tax due where you live is up to you; your
          payout statements on My Payouts list every item, fee and total to help with that.
        </Alert>
      </Section>

      <Section id="statuses" title="Payout statuses">
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={120}>
                  Status
                </Table.Th>
                <Table.Th scope="col">What it means</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statuses.map(({ status, meaning }) => (
                <Table.Tr key={status}>
                  <Table.Th scope="row" fw={400}>
                    <PayoutStatusBadge status={status} />
                  </Table.Th>
                  <Table.Td lh={1.6}>{meaning}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Section id="refunds" title="Refunds">
        <List
          spacing="md"
          icon={
            <ThemeIcon variant="light" size={30} radius="xl" color="orange" aria-hidden>
              <IconReceiptRefund size={18} />
            </ThemeIcon>
          }
        >
          <List.Item>
            Buyers can ask for a refund within 7 days of the purchase, as long as they have not downloaded the
            item (see the <PageLink to="/refunds">refund policy</PageLink>).
          </List.Item>
          <List.Item>
            When we refund an order, your share of it is taken back from your open payout, or – if the payout
            with that sale was already sent – from your next one. Only your share is taken back; you never pay
            the fees of a refunded order.
          </List.Item>
        </List>
      </Section>

      <Section id="questions" title="Questions">
        <P>
          Something does not add up, or you would like to sell at a price above{' '}
          <Money cents={MAX_PRICE_CENTS} />? Write to us at <ContactEmail subject="Payouts" /> and mention the
          payout number from <PageLink to="/me/payouts">My Payouts</PageLink> if it is about a particular
          payout. The <PageLink to="/submissions">submission rules</PageLink> and the{' '}
          <PageLink to="/terms-of-service">terms of service</PageLink> apply to everything you sell here.
        </P>
      </Section>
    </StaticPage>
  );
}

import { Alert, Button, Container, Group } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { formatAmount, formatDate } from '../../../shared/format';
import type { MyPayoutQuery as MyPayoutResult } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { ListLoadError } from '../../../shared/listing';
import { siteMessages } from '../../../shared/messages/site.messages';
import { amountLabel, payoutDateFact } from '../lib/payout-dates';
import { maskIban } from '../lib/destination';
import { payoutsMessages } from '../../../shared/payouts/payouts.messages';
import { DetailSkeleton } from '../../../shared/ui';
import { accountMessages } from '../account-payouts.messages';
import { MyPayoutQuery } from '../lib/my-payouts.documents';
import sheet from '../../../shared/printable-sheet/printable-sheet.module.css';

const statement = accountMessages.statement;
const items = payoutsMessages.items;

type Payout = NonNullable<MyPayoutResult['payout']>;

function destinationOf(payout: Payout): string | null {
  const account =
    payout.payoutMethod === 'BANK_TRANSFER' && payout.sendToIban
      ? maskIban(payout.sendToIban)
      : payout.payoutMethod === 'PAYPAL'
        ? payout.sendToPaypalAccount
        : null;
  const parts = [payout.sendToName, account].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function StatementFacts({ payout }: { payout: Payout }) {
  const date = payoutDateFact(payout);
  return (
    <dl className={sheet.facts}>
      <Fact label={statement.author} value={payout.author.username} />
      <Fact label={statement.payout} value={payout.id} />
      <Fact label={statement.status} value={payoutsMessages.status[payout.payoutStatus]} />
      <Fact label={amountLabel(payout.payoutStatus)} value={formatAmount(payout.amount)} />
      <Fact label={statement.created} value={formatDate(payout.createdAt)} />
      <Fact label={statement.locked} value={payout.lockedOn ? formatDate(payout.lockedOn) : null} />
      {date && !date.missingMethod ? <Fact label={date.label} value={date.value} /> : null}
      {payout.sentOn && payout.payoutStatus !== 'SENT' ? (
        <Fact label={statement.sent} value={formatDate(payout.sentOn)} />
      ) : null}
      <Fact
        label={statement.method}
        value={payout.payoutMethod ? payoutsMessages.method[payout.payoutMethod] : payoutsMessages.noMethod}
      />
      <Fact label={statement.destination} value={destinationOf(payout)} />
      <Fact label={statement.reference} value={payout.externalId} />
    </dl>
  );
}

function Amount({ value, item }: { value: number | null; item?: Payout['items'][number] }) {
  return (
    <td className={sheet.number}>
      {item?.adjustment || value === null ? items.notApplicable : formatAmount(value)}
    </td>
  );
}

/** A base price, with the buyer's tip under it when there is one (gross = base price + tip). */
function PriceAndTip({ price, tip, item }: { price: number; tip: number; item?: Payout['items'][number] }) {
  if (item?.adjustment) return <Amount value={price} item={item} />;
  return (
    <td className={sheet.number}>
      {formatAmount(price)}
      {tip !== 0 ? <span className={sheet.meta}>{items.tip(formatAmount(tip))}</span> : null}
    </td>
  );
}

/**
 * The lines and the server's totals (the CSV's): price + tip = gross, gross − VAT = net, and
 * net − fees − co-authors' parts + refunds = the author share. A co-authored item's line shows this
 * author's part with the item's whole author share under it.
 */
function StatementTable({ payout }: { payout: Payout }) {
  const totals = payout.totals;
  return (
    <div className={sheet.tableWrap}>
      <table className={sheet.table}>
        <caption>{statement.items}</caption>
        <thead>
          <tr>
            <th scope="col">{items.columns.name}</th>
            <th scope="col" className={sheet.number}>
              {items.columns.price}
            </th>
            <th scope="col" className={sheet.number}>
              {items.columns.gross}
            </th>
            <th scope="col" className={sheet.number}>
              {items.columns.vat}
            </th>
            <th scope="col" className={sheet.number}>
              {items.columns.net}
            </th>
            <th scope="col" className={sheet.number}>
              {items.columns.paymentFee}
            </th>
            <th scope="col" className={sheet.number}>
              {items.columns.siteShare}
            </th>
            <th scope="col" className={sheet.number}>
              {items.columns.authorShare}
            </th>
          </tr>
        </thead>
        <tbody>
          {payout.items.map((item) => (
            <tr key={item.id}>
              <td>
                {item.name}
                <span className={sheet.meta}>
                  {item.adjustment ? items.adjustment : items.type[item.purchaseItemType]}
                  {' · '}
                  {item.adjustment ? items.refundOf(item.orderExternalId) : items.order(item.orderExternalId)}
                  {' · '}
                  {formatDate(item.occurredAt)}
                </span>
                {/* A co-authored item: the author share column holds this author's part of it. */}
                {item.itemAuthorShare != null && item.shareWeight != null && item.shareTotalWeight != null ? (
                  <span className={sheet.meta}>
                    {items.coAuthoredPart(
                      item.shareWeight,
                      item.shareTotalWeight,
                      formatAmount(item.itemAuthorShare),
                    )}
                  </span>
                ) : null}
              </td>
              <PriceAndTip price={item.price} tip={item.tip} item={item} />
              <Amount value={item.gross} item={item} />
              <Amount value={item.vat} item={item} />
              <Amount value={item.net} item={item} />
              <Amount value={item.externalFee} item={item} />
              <Amount value={item.internalFee} item={item} />
              <td className={sheet.number}>{formatAmount(item.authorReward)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.coAuthors !== 0 ? (
            <tr>
              <th scope="row" colSpan={7}>
                {items.coAuthors}
              </th>
              <Amount value={-totals.coAuthors} />
            </tr>
          ) : null}
          {totals.adjustmentCount > 0 ? (
            <tr>
              <th scope="row" colSpan={7}>
                {items.refunds(totals.adjustmentCount)}
              </th>
              <Amount value={totals.adjustments} />
            </tr>
          ) : null}
          <tr>
            <th scope="row">{items.total}</th>
            <PriceAndTip price={totals.price} tip={totals.tip} />
            <Amount value={totals.gross} />
            <Amount value={totals.vat} />
            <Amount value={totals.net} />
            <Amount value={totals.paymentFee} />
            <Amount value={totals.siteFee} />
            <Amount value={totals.authorShare} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The payout's statement as a plain document to print or save as PDF (spec 2.11). */
export function PayoutStatementPage() {
  const { id = '' } = useParams();
  const routerLocation = useLocation();
  const navigate = useNavigate();
  const [result, refetch] = useQuery({ query: MyPayoutQuery, variables: { id } });
  const failure = result.error ? graphqlFailureOf(result.error) : null;
  useEffect(() => {
    if (result.error && failure?.code !== 'NOT_FOUND') console.error('payout failed', result.error);
  }, [result.error, failure?.code]);
  const payout = result.data?.payout;
  const notFound = failure?.code === 'NOT_FOUND' || (result.data && !payout);

  return (
    <Container size="lg" w="100%" className={sheet.page}>
      <title>{siteMessages.documentTitle(statement.title(id))}</title>
      <Group justify="space-between" gap="sm" className={sheet.toolbar}>
        <Button
          component={Link}
          to={`/me/payouts/${encodeURIComponent(id)}`}
          onClick={(event) => {
            // Back where the reader came from (an admin comes from the admin's payout page).
            if (routerLocation.key !== 'default') {
              event.preventDefault();
              void navigate(-1);
            }
          }}
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {statement.back}
        </Button>
        <Button
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => window.print()}
          disabled={!payout}
        >
          {statement.print}
        </Button>
      </Group>
      {payout ? (
        <article className={sheet.sheet} aria-label={statement.title(payout.id)}>
          <div className={sheet.header}>
            <p className={sheet.site}>{siteMessages.name}</p>
            <h1 className={sheet.title}>
              {statement.heading} · {payoutsMessages.title(payout.id)}
            </h1>
          </div>
          <StatementFacts payout={payout} />
          <StatementTable payout={payout} />
          <div className={sheet.footer}>
            <span>{statement.footnote}</span>
            <span>{statement.printedOn(formatDate(new Date()))}</span>
          </div>
        </article>
      ) : notFound ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          className={sheet.toolbar}
        >
          {statement.notFound}
        </Alert>
      ) : result.error ? (
        <ListLoadError
          message={statement.loadFailed}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
        />
      ) : (
        <DetailSkeleton label={statement.loading} />
      )}
    </Container>
  );
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatMoney } from '../../domain/money';
import { checkoutResultPages, orderConfirmationPath } from '../../domain/orders/checkout-result-pages';
import { OrderRefused } from '../../domain/orders/order.decider';
import { paymentStatusLabels } from '../../domain/orders/order.events';
import type { AppContext } from '../app-context';
import { findOrderBySession, itemsOfOrders, type OrderItemRow, type OrderRow } from './orders.repository';
import { cancelOrderPayment } from './cancel-order-payment.handler';
import { confirmOrderPayment } from './confirm-order-payment.handler';
import { escapeHtml } from '../../domain/text/escape-html';

const REFERENCE = /^lc_[a-f0-9]{32}$/;

const euros = formatMoney;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · TrackSkins</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;padding:16px;background:#0d0f14;color:#e8eaef;font-family:system-ui,Arial,sans-serif;display:flex;align-items:center;justify-content:center}
  main{width:min(520px,100%);background:#161a22;border:1px solid #262c38;border-radius:12px;padding:28px}
  @media (max-width:480px){main{padding:20px 16px}}
  .brand{font-weight:800;letter-spacing:3px;color:#22d3ee;font-size:14px}
  h1{font-size:22px;margin:12px 0 4px} .muted{color:#9aa3b2;font-size:14px}
  .notice{margin:16px 0;padding:10px 12px;border-radius:8px;background:#1f2a33;color:#a5f3fc;font-size:13px}
  table{width:100%;border-collapse:collapse;margin:16px 0} td{padding:10px 0;border-top:1px solid #262c38}
  td.amount{text-align:right;white-space:nowrap} tr.total td{font-weight:700;font-size:17px}
  .kind{color:#9aa3b2;font-size:12px;margin-left:6px}
  .actions{display:flex;gap:12px;margin-top:20px} form{flex:1}
  button{width:100%;padding:12px;border-radius:8px;border:0;font-size:15px;font-weight:700;cursor:pointer}
  button:focus-visible{outline:3px solid #f0abfc;outline-offset:2px}
  .pay{background:#22d3ee;color:#0d0f14} .cancel{background:#2a303c;color:#e8eaef}
  a{color:#22d3ee}
</style></head>
<body><main><div class="brand">TRACKSKINS</div>${body}</main></body></html>`;
}

function checkoutPage(reference: string, order: OrderRow, items: OrderItemRow[]): string {
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}<span class="kind">${item.item_type === 'BUNDLE' ? 'Bundle' : 'Skin'}</span></td>` +
        `<td class="amount">${euros(item.price_cents + item.tip_cents)}` +
        (item.tip_cents > 0 ? `<div class="kind">incl. ${euros(item.tip_cents)} tip</div>` : '') +
        `</td></tr>`,
    )
    .join('');
  const open = order.status === 'BEFORE_CHECKOUT' || order.status === 'PAYMENT_ON_THE_WAY';
  const actions = open
    ? `<div class="actions">
  <form method="post" action="/local-checkout/${reference}/pay"><button class="pay" type="submit">Pay ${euros(order.total_cents)}</button></form>
  <form method="post" action="/local-checkout/${reference}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>`
    : `<p>This order is <strong>${escapeHtml(paymentStatusLabels[order.status])}</strong>. <a href="/skins">Back to the skins</a></p>`;
  return page(
    `Order ${order.external_id}`,
    `<h1>Checkout</h1>
<div class="muted">Order ${escapeHtml(order.external_id)} · ${escapeHtml(order.buyer_email)}</div>
<div class="notice">Local payment page: no card payment provider is configured, so nothing is charged.</div>
<table>${rows}<tr class="total"><td>Total</td><td class="amount">${euros(order.total_cents)}</td></tr></table>
${actions}`,
  );
}

/**
 * The local stand-in for Stripe's hosted checkout (api-contract.md, Local stand-ins): a small
 * server-rendered page with the order and two forms. Paying and cancelling run the very code
 * Stripe's webhook runs, then send the buyer to the success or failed page, as Stripe would.
 */
export async function localCheckoutRoutes(fastify: FastifyInstance, app: AppContext) {
  // With Stripe configured, local sessions left from before must not be payable for free.
  const findOrder = async (reference: string) =>
    app.payments.card.name === 'LOCAL' && REFERENCE.test(reference)
      ? findOrderBySession(app.pool, ['LOCAL'], reference)
      : null;
  const notFound = (reply: FastifyReply) =>
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(page('Unknown order', '<h1>Unknown order</h1><p><a href="/skins">Back to the skins</a></p>'));

  await fastify.register(async (scope) => {
    // The pages' forms post url-encoded bodies; nothing in them is read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, {}),
    );

    scope.get<{ Params: { reference: string } }>('/local-checkout/:reference', async (request, reply) => {
      const order = await findOrder(request.params.reference);
      if (!order || order.payment_type !== 'STRIPE') return notFound(reply);
      const items = await itemsOfOrders(app.pool, [order.id]);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(checkoutPage(request.params.reference, order, items));
    });

    scope.post<{ Params: { reference: string; action: string } }>(
      '/local-checkout/:reference/:action',
      async (request, reply) => {
        const { reference, action } = request.params;
        const order = await findOrder(reference);
        if (!order || order.payment_type !== 'STRIPE' || (action !== 'pay' && action !== 'cancel')) {
          return notFound(reply);
        }
        const items = await itemsOfOrders(app.pool, [order.id]);
        const pages = checkoutResultPages({ guest: order.guest, itemTypes: items.map((i) => i.item_type) });
        const metadata = { actor: { system: 'local-checkout' }, correlationId: request.id };
        const orderId = String(order.id);
        // Paid: to the order's confirmation page, as Stripe's success URL does.
        const confirmation = orderConfirmationPath(
          order.external_id,
          app.orderConfirmationKeys.sign(orderId),
        );
        if (action === 'pay' && order.status === 'CANCELLED') {
          // Like Stripe's page for a closed session, it takes no money (so there is none to refund).
          request.log.info({ orderId, action }, 'local checkout of a cancelled order refused');
          return reply.redirect(pages.failed, 303);
        }
        try {
          if (action === 'pay') {
            await confirmOrderPayment(app, {
              orderId,
              provider: 'LOCAL',
              providerReference: reference,
              providerEventId: null,
              amountCents: order.total_cents,
              // The stand-in's card was issued where the buyer said they live (docs/vat.md).
              cardCountry: order.buyer_country,
              metadata,
            });
            return reply.redirect(confirmation, 303);
          }
          await cancelOrderPayment(app, { orderId, reason: 'CANCELLED_BY_BUYER', metadata });
          return reply.redirect(pages.failed, 303);
        } catch (error) {
          if (!(error instanceof OrderRefused)) throw error;
          request.log.info({ orderId, action, reason: error.reason }, 'local checkout refused');
          // Paying a cancelled order fails; cancelling a paid one leaves it paid.
          return reply.redirect(error.reason === 'ORDER_ALREADY_PAID' ? confirmation : pages.failed, 303);
        }
      },
    );
  });
}

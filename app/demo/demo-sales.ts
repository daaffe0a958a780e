import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'slonik';
import { z } from 'zod';
import type { AppContext } from '../../api/app-context';
import { updateProfile, type ProfileChanges } from '../../api/accounts/users.repository';
import { catalogueItemsToOrder } from '../../api/orders/checkout-items';
import { guestAccountFor } from '../../api/orders/guest-buyer';
import { vatRates } from '../../api/orders/checkout-vat';
import { runOrderCommand } from '../../api/orders/order-commands';
import { itemsDownloadedSincePayment, nextOrderId } from '../../api/orders/orders.repository';
import { configuredFeePolicy, orderNumberOf } from '../../api/orders/place-order.handler';
import { lockPayout } from '../../api/payouts/lock-payout.handler';
import { lockScheduledPayouts } from '../../api/payouts/lock-scheduled-payouts.handler';
import { markPayoutFailed } from '../../api/payouts/mark-payout-failed.handler';
import { sendPayout } from '../../api/payouts/send-payout.handler';
import { PAYOUT_ALLOCATION, payoutAllocationReactor } from '../../api/payouts/payout-allocation.reactor';
import { exportSepaFile } from '../../api/payouts/export-sepa-file.handler';
import { updateMyUserSchema } from '../../domain/accounts/account.schemas';
import type { OrderPaymentType } from '../../domain/fees';
import { cardCheckoutRequestSchema, paypalOrderRequestSchema } from '../../domain/orders/checkout.schemas';
import type { PlaceOrderVat } from '../../domain/orders/order.decider';
import { MIN_PAYOUT_CENTS, PayoutRefused } from '../../domain/payouts/payout.decider';
import { BANK_PAYOUT_DAYS, lockTimeOf } from '../../domain/payouts/payout-schedule';
import { backdated } from '../../infra/event-store/backdating';
import { DEMO_SEED_CORRELATION_ID } from '../../infra/event-store/event-metadata';
import type { EventMetadata } from '../../infra/event-store/event-store';
import { LocalPaypalPayouts } from '../../infra/payments/paypal-payouts';
import { localVatIdChecker } from '../../infra/tax/vat-id-check';
import { runUntilCaughtUp } from '../../infra/projection-engine/catch-up-runner';
import type { FeedConsumer } from '../../infra/projection-engine/projection';
import { createRandom, type Random } from './demo-artwork';
import { payDemoOrder } from './demo-paid-order';
import type { DemoCatalogue, DemoPurchaseDownload } from './demo-catalogue';

/*
 * The demo's sales and payouts: six months of paid orders (guests and demo users, card and PayPal,
 * a few refunds) and the payouts they earned, played in time order through the app's own order
 * commands and payout handlers, as the real operation would have run them: the allocation reactor
 * catches up after the sales, the schedule locks the bank payouts before each payout date, the
 * admin exports the SEPA file and marks the payouts sent on the date, and locks and sends PayPal
 * payouts on request. Prices and fees are the catalogue's and the configured fee policy's.
 *
 * Where it ends, as a well-run month would (the demo's date is the day it is seeded): every bank
 * payout whose date has come went out in a SEPA file and is SENT; a payout is LOCKED only when the
 * demo starts inside a lock window, before its date. The `author` account's payout before the
 * latest came back from the bank (ERROR: the account was closed, and the author has not entered a
 * new one yet), the others are SENT, and the sales since the last lock are PENDING. Another
 * author's returned payout was locked again with corrected details and sent with the next file.
 * Authors without a payout method keep collecting (PENDING).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** As far back as the download history goes. */
const SALES_DAYS = 182;
/**
 * The correlation id of the sales, votes and downloads the demo seed records: the order mails
 * reactor skips it, so none of the made-up buyers and authors is mailed.
 */
export const CORRELATION_ID = DEMO_SEED_CORRELATION_ID;

type Details = Record<string, string | null>;

/** Payout details through the profile's own rules (updateMyUser's schema). */
const PAYOUT_DETAILS: Record<string, Details> = {
  // The demo author starts with a German account; it closes after they move to Prague (see below).
  author: {
    payoutMethod: 'BANK_TRANSFER',
    fullname: 'Jonas Keller',
    street: 'Venloer Straße 151',
    city: 'Köln',
    country: 'de',
    bankAccountIban: 'DE89 3704 0044 0532 0130 00',
    bankAccountBic: 'COBADEFFXXX',
  },
  mirek_apex: {
    payoutMethod: 'BANK_TRANSFER',
    fullname: 'Miroslav Novotný',
    street: 'Korunní 810/104',
    city: 'Praha',
    country: 'cz',
    bankAccountIban: 'CZ93 0100 0000 1912 3456 7004',
    bankAccountBic: 'KOMBCZPP',
  },
  Schnellwerk: {
    payoutMethod: 'BANK_TRANSFER',
    fullname: 'Lukas Brandt',
    street: 'Königstraße 28',
    city: 'Stuttgart',
    country: 'de',
    bankAccountIban: 'DE45 3704 0044 0532 0130 16',
    bankAccountBic: 'COBADEFFXXX',
  },
  LaFlecheBleue: {
    payoutMethod: 'BANK_TRANSFER',
    fullname: 'Amélie Durand',
    street: '12 rue des Lilas',
    city: 'Lyon',
    country: 'fr',
    bankAccountIban: 'FR14 2004 1010 0505 0001 3M02 606',
    bankAccountBic: 'PSSTFRPPLYO',
  },
  vanDijkLines: {
    payoutMethod: 'BANK_TRANSFER',
    fullname: 'Daan van Dijk',
    street: 'Prinsengracht 263',
    city: 'Amsterdam',
    country: 'nl',
    bankAccountIban: 'NL91 ABNA 0417 1643 00',
    bankAccountBic: 'ABNANL2A',
  },
  ToroRojo: {
    payoutMethod: 'BANK_TRANSFER',
    fullname: 'Javier Morales',
    street: 'Calle de Alcalá 48',
    city: 'Madrid',
    country: 'es',
    bankAccountIban: 'ES91 2100 0418 4502 0005 1332',
    bankAccountBic: 'CAIXESBBXXX',
  },
  Wiatr_PL: {
    payoutMethod: 'BANK_TRANSFER',
    fullname: 'Tomasz Wiatrowski',
    street: 'ul. Floriańska 15',
    city: 'Kraków',
    country: 'pl',
    bankAccountIban: 'PL61 1090 1014 0000 0712 1981 2874',
    bankAccountBic: 'WBKPPLPP',
  },
  Norrsken: { payoutMethod: 'PAYPAL', fullname: 'Elin Lindqvist', paypalAccount: 'norrsken@example.com' },
  CapivaraRacing: {
    payoutMethod: 'PAYPAL',
    fullname: 'Rafael Souza',
    paypalAccount: 'capivara.racing@example.com',
  },
  dustdevil_tx: {
    payoutMethod: 'PAYPAL',
    fullname: 'Cody Harper',
    paypalAccount: 'dustdevil.tx@example.com',
  },
  hanabi_ghost: {
    payoutMethod: 'PAYPAL',
    fullname: 'Yuki Tanaka',
    paypalAccount: 'hanabi.ghost@example.com',
  },
  // SisuSpeed and brickfog have chosen no payout method: their payouts wait (PENDING).
  SisuSpeed: { fullname: 'Aleksi Virtanen' },
  brickfog: { fullname: 'Oliver Hughes' },
};

/** The author whose returned payout is corrected and paid again, and their corrected account. */
const CORRECTED_AUTHOR = 'Schnellwerk';
const CORRECTED_DETAILS: Details = {
  bankAccountIban: 'DE75 5121 0800 1245 1261 99',
  bankAccountBic: 'SOGEDEFFXXX',
};
const RETURNED_WRONG_ACCOUNT = 'Returned by the bank: incorrect account number (AC01)';
const RETURNED_ACCOUNT_CLOSED = 'Returned by the bank: account closed (AC04)';

/** The name registered buyers type at checkout (guests come from the lists below). */
const BUYER_NAMES: Record<string, string> = {
  player: 'Camille Laurent',
  checkpoint_chaser: 'Luca Bianchi',
  nocturne_tm: 'Émilie Tremblay',
  pixelpilot: 'Kim Min-jun',
  ghostlap_au: 'Jack Mitchell',
  slowmo_sam: 'Sam Byrne',
};
/** `player` keeps unowned paid skins to try the checkout with. */
const PLAYER_MAX_ORDERS = 4;

const GUEST_FIRST_NAMES = [
  'Anna', 'Ben', 'Chloé', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jakub', 'Kaito', 'Lena',
  'Marco', 'Nora', 'Oskar', 'Paula', 'Quentin', 'Rosa', 'Stefan', 'Tereza', 'Umut', 'Vera', 'Wout',
  'Yara', 'Zoltán', 'Matteo', 'Sofia', 'Liam', 'Mia', 'Noah', 'Ava', 'Elias', 'Lucía', 'Mateo',
]; // prettier-ignore
const GUEST_LAST_NAMES = [
  'Schmidt', 'Dubois', 'Novák', 'Kowalski', 'Jansen', 'Andersson', 'García', 'Rossi', 'Smith', 'Murphy',
  'Nieminen', 'Horvat', 'Silva', 'Sato', 'Park', 'Fischer', 'Lefebvre', 'Svoboda', 'Nowak', 'de Vries',
  'Johansson', 'López', 'Ricci', 'Brown', 'Walsh', 'Korhonen', 'Kovač', 'Costa', 'Suzuki', 'Lee',
]; // prettier-ignore
const GUEST_COUNTRIES = [
  'de', 'de', 'fr', 'fr', 'cz', 'pl', 'nl', 'se', 'es', 'it', 'at', 'be', 'fi', 'dk', 'pt', 'sk', 'gb',
  'us', 'us', 'ca', 'br', 'jp', 'kr', 'au', 'ch', 'no', 'hu',
]; // prettier-ignore

const REFUND_REASONS = [
  'Bought by mistake: the buyer wanted the Turbo version.',
  'The buyer asked for a refund within 7 days.',
  'Paid twice from two devices.',
];

type Buyer =
  | {
      kind: 'user';
      key: string;
      userId: number;
      username: string;
      email: string;
      fullname: string;
      country: string;
    }
  | {
      kind: 'guest';
      key: string;
      email: string;
      fullname: string;
      country: string;
      /** A business buyer's VAT ID (reverse charge, docs/vat.md). */
      vatId?: string;
      /** The country of the address they buy from, when it is not the billing country's. */
      ipCountry?: string | null;
    };

/**
 * The demo's VAT cases among the guests (docs/vat.md): the first French guest buys for a business
 * with a VAT ID the local VIES stand-in accepts (an example number, no real company's), and the
 * first Polish guest buys from a German address and confirms living in Poland. Set after the
 * random draws, so the rest of the demo stays as it was.
 */
const DEMO_BUSINESS_VAT_ID = 'FR11123456782';
function withVatCases(guests: Buyer[]): Buyer[] {
  const business = guests.find((guest) => guest.country === 'fr');
  if (business?.kind === 'guest') {
    business.vatId = DEMO_BUSINESS_VAT_ID;
    business.fullname = 'Atelier Pilote SARL';
  }
  const travelling = guests.find((guest) => guest.country === 'pl');
  if (travelling?.kind === 'guest') travelling.ipCountry = 'de';
  return guests;
}

type Sellable = {
  kind: 'SKIN' | 'BUNDLE';
  id: number;
  author: string;
  authorId: number;
  createdAt: number;
  /** Expected sales a day. */
  rate: number;
  /** The skins owning it grants. */
  skinIds: readonly number[];
};

type Sale = {
  at: number;
  items: Sellable[];
  buyer: Buyer;
  paymentType: OrderPaymentType;
  /** Drawn when planned, so orders paid side by side stay the same from one start to the next. */
  draws: { placing: number; opening: number; reference: string };
  /** Set once the order is paid. */
  placed?: { orderId: string; buyerUserId: number; paidAt: number };
  refunded?: boolean;
  /** Checked out without the consent to immediate delivery: its downloads wait (docs/withdrawal.md). */
  withoutConsent?: boolean;
};

type Action = { at: number; seq: number; name: string; run: () => Promise<void>; sale?: Sale };

/** A bank payout date, and when the schedule locks the payouts due on it. */
type PayoutRound = { date: Date; lockAt: number };

/** Orders paid side by side. */
const PARALLEL_SALES = 4;

const iso = (at: number) => new Date(at).toISOString();

/**
 * Seeds the sales and payouts on top of the demo catalogue (called by seedDemoCatalogue once its
 * rows exist). Returns the downloads the buyers made of what they bought, for the skins' histories.
 * Each step below is one part of the demo's six months; the timeline then plays them in time order.
 */
export async function seedDemoSales(
  app: AppContext,
  catalogue: DemoCatalogue,
  accounts: { admin: number; author: number; player: number },
): Promise<DemoPurchaseDownload[]> {
  const started = performance.now();
  await authorsEnterPayoutDetails(app, catalogue);
  const run = new DemoSalesRun(app, catalogue, accounts, await openMarket(app, catalogue));
  planDailySales(run);
  markOneAwaitingConsent(run);
  const rounds = bankPayoutRounds(run);

  scheduleTheSales(run);
  scheduleRefundsWhilePending(run, rounds);
  rounds.forEach((round, index) => scheduleBankPayoutRound(run, rounds, index));
  schedulePaypalPayouts(run);
  scheduleTheCurrentSales(run, rounds);
  await run.play();

  const downloads = buyersDownloadWhatTheyBought(run);
  app.log.info(
    {
      ...run.counts,
      downloads: downloads.length,
      rounds: rounds.length,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      phases: run.phaseSeconds(),
    },
    'demo sales and payouts loaded',
  );
  return downloads;
}

/** 1. The authors enter their payout details, as they would in their profile settings. */
async function authorsEnterPayoutDetails(app: AppContext, catalogue: DemoCatalogue): Promise<void> {
  for (const [username, details] of Object.entries(PAYOUT_DETAILS)) {
    await setDetails(app, demoUserId(catalogue, username), details);
  }
}

/** 2. What sells and how often, and who buys: the signed-in demo users and the guests. */
async function openMarket(app: AppContext, catalogue: DemoCatalogue): Promise<DemoMarket> {
  const random = createRandom('trackskins-demo-sales');
  const sellables = sellablesOf(catalogue);
  const registered = await registeredBuyers(app, catalogue);
  return new DemoMarket(random, sellables, registered, withVatCases(guestBuyers(random)));
}

/** 3. Six months of everyday sales, growing as the marketplace gets known. */
function planDailySales(run: DemoSalesRun): void {
  const { start, now, market } = run;
  for (let day = start; day < now; day += DAY) {
    // Sales grow as the marketplace gets known: half as many six months ago as now.
    const growth = 0.5 + (0.5 * (day - start)) / (now - start);
    for (const item of market.sellables) {
      if (!market.random.chance(item.rate * growth * 1.33)) continue;
      const at = day + market.random.next() * DAY;
      if (at < item.createdAt + 2 * HOUR || at > now - 30 * MINUTE) continue;
      const sale = market.planSale(at, item);
      if (sale) run.sales.push(sale);
    }
  }
  run.sales.sort((a, b) => a.at - b.at);
}

/**
 * 3b. Every demo buyer consents to immediate delivery at checkout except: the latest order of
 * `player` (the demo's player login sees the downloads waiting in the collection), and, when that is
 * older than 13 days, also the latest order of a signed-in buyer in the last 13 days (one still
 * within the 14 days to withdraw).
 */
function markOneAwaitingConsent(run: DemoSalesRun): void {
  const signedIn = run.sales.filter((sale) => sale.buyer.kind === 'user');
  const player = signedIn.findLast((sale) => sale.buyer.kind === 'user' && sale.buyer.username === 'player');
  if (player) player.withoutConsent = true;
  if (player && player.at > run.now - 13 * DAY) return;
  const recent = signedIn.findLast((sale) => sale.at > run.now - 13 * DAY);
  if (recent) recent.withoutConsent = true;
}

/** 4. The bank payout rounds: lock two days before each date, at least a day ago. */
function bankPayoutRounds({ start, now }: DemoSalesRun): PayoutRound[] {
  const rounds = bankPayoutDates(start, now)
    .map((date) => ({ date, lockAt: lockTimeOf(date).getTime() }))
    .filter((round) => round.lockAt > start + 2 * DAY && round.lockAt <= now - DAY);
  if (rounds.length < 8) throw new Error(`The demo sales need more payout rounds than ${rounds.length}`);
  return rounds;
}

/** 5. Every planned sale at its time (sales close together are paid side by side). */
function scheduleTheSales(run: DemoSalesRun): void {
  for (const sale of run.sales) run.schedule(sale.at, 'sale', () => run.sell([sale]), sale);
}

/** 6. Refunds while the item's payout is still pending: two guests' orders and one of `author`. */
function scheduleRefundsWhilePending(run: DemoSalesRun, rounds: readonly PayoutRound[]): void {
  const { random } = run.market;
  const refundable = (sale: Sale, until: number) =>
    sale.buyer.kind === 'guest' && sale.at + 4 * DAY < until && sale.at > run.start + 20 * DAY;
  const nextLockAfter = (at: number) => rounds.find((round) => round.lockAt > at)?.lockAt ?? run.now;
  const pendingRefunds = [
    ...random
      .shuffle(run.sales.filter((sale) => sale.items.some((item) => item.author === 'author')))
      .filter((sale) => refundable(sale, nextLockAfter(sale.at)))
      .slice(0, 1),
    ...random
      .shuffle(run.sales.filter((sale) => sale.items.every((item) => item.author !== 'author')))
      .filter((sale) => refundable(sale, nextLockAfter(sale.at)))
      .slice(0, 2),
  ];
  for (const sale of pendingRefunds) {
    run.schedule(sale.at + random.between(0.5, 3) * DAY, 'refund', () => run.refund(sale));
  }
}

/**
 * 7. One bank payout round: the lock (with the demo's set pieces: `author` and the corrected author
 * over the minimum, a refund after the lock), the SEPA file and the transfers on the date, and the
 * payouts the bank returns. A well-run month: every round whose date has come is exported and paid
 * on its date. Only a round whose date is still ahead (the demo starts inside a lock window) stays
 * LOCKED.
 */
function scheduleBankPayoutRound(run: DemoSalesRun, rounds: readonly PayoutRound[], index: number): void {
  const round = rounds[index] as PayoutRound;
  run.schedule(round.lockAt + 5 * MINUTE, `lock round ${index}`, () => lockRound(run, rounds, index));
  const date = round.date.getTime();
  if (date + 9 * HOUR > run.now - 10 * MINUTE) return;
  const exportedIds: number[] = [];
  run.schedule(date + 7 * HOUR, `SEPA file ${index}`, async () => {
    exportedIds.push(...(await exportSepaFileOf(run, date)));
  });
  run.schedule(date + 9 * HOUR, `bank transfers ${index}`, async () => {
    for (const id of exportedIds) {
      await sendPayout(run.demo, id, run.adminMetadata, { occurredAt: run.occurredAt() });
      run.counts.sent++;
    }
    const authorsOf = await payoutAuthors(run.app, exportedIds);
    const payoutOf = (author: string) => exportedIds.find((id) => authorsOf.get(id) === run.userIdOf(author));
    const last = rounds.length - 1;
    if (index === last - 1) scheduleAccountClosedReturn(run, date, payoutOf('author'));
    if (index === correctedRoundOf(rounds)) scheduleWrongAccountReturn(run, date, payoutOf(CORRECTED_AUTHOR));
  });
}

/** Rounds where `author` (and the corrected author) surely reach the minimum. */
const authorRoundsOf = (rounds: readonly PayoutRound[]) => {
  const last = rounds.length - 1;
  return new Set([last - 4, last - 3, last - 2, last - 1, last]);
};
/** The round whose lock sees a sale refunded after it (an adjustment). */
const adjustmentRoundOf = (rounds: readonly PayoutRound[]) => rounds.length - 1 - 3;
/** The round whose payout of the corrected author comes back and is paid again. */
const correctedRoundOf = (rounds: readonly PayoutRound[]) => rounds.length - 1 - 6;

/** The schedule's lock two days before a payout date. */
async function lockRound(run: DemoSalesRun, rounds: readonly PayoutRound[], index: number): Promise<void> {
  const round = rounds[index] as PayoutRound;
  const previousLock = rounds[index - 1]?.lockAt ?? run.start;
  if (authorRoundsOf(rounds).has(index)) await run.reachMinimum('author', round.lockAt, previousLock);
  if (index === correctedRoundOf(rounds))
    await run.reachMinimum(CORRECTED_AUTHOR, round.lockAt, previousLock);
  const adjusted = index === adjustmentRoundOf(rounds);
  if (adjusted) await saleJustBeforeTheLock(run, round, previousLock);
  await run.settle();
  const { locked } = await lockScheduledPayouts(run.demo);
  run.counts.locked += locked.length;
  if (adjusted) await scheduleRefundAfterTheLock(run, round);
}

/** A guest buys from `author` just before the lock (unless one already did). */
async function saleJustBeforeTheLock(
  run: DemoSalesRun,
  round: PayoutRound,
  previousLock: number,
): Promise<void> {
  const late = run.sales.filter(
    (sale) =>
      sale.placed &&
      !sale.refunded &&
      sale.buyer.kind === 'guest' &&
      sale.at > round.lockAt - 3 * DAY &&
      sale.items.some((item) => item.author === 'author'),
  );
  if (late.length > 0) return;
  await run.sellMore(
    'author',
    Math.max(previousLock + HOUR, round.lockAt - 40 * HOUR),
    round.lockAt - 4 * HOUR,
    1,
  );
}

/** That sale, now in a LOCKED payout, is refunded the next day: the refund becomes an adjustment. */
async function scheduleRefundAfterTheLock(run: DemoSalesRun, round: PayoutRound): Promise<void> {
  const candidates = await salesInLockedPayouts(
    run.app,
    run.sales,
    run.userIdOf('author'),
    round.lockAt - 3 * DAY,
  );
  const target = candidates.at(-1);
  if (!target) return;
  run.schedule(round.lockAt + run.market.random.between(16, 30) * HOUR, 'refund after the lock', () =>
    run.refund(target),
  );
}

/** The admin exports the SEPA file of the bank payouts due on a date. */
async function exportSepaFileOf(run: DemoSalesRun, date: number): Promise<number[]> {
  if (!run.app.config.payouts.sepaDebtor) {
    run.demo.log.warn('no SEPA debtor account is configured: the demo bank payouts stay LOCKED');
    return [];
  }
  const ids = await lockedBankPayoutsFor(run.app, iso(date).slice(0, 10));
  if (ids.length === 0) return [];
  await exportSepaFile(run.demo, ids, run.adminMetadata, { occurredAt: run.occurredAt() });
  run.counts.exported += ids.length;
  return ids;
}

/**
 * The author moved to Prague and closed the German account: the transfer comes back. The author has
 * not entered the new account yet, so the payout waits for them (saving the details would lock it
 * again, as the app does, and it would go with the next file).
 */
function scheduleAccountClosedReturn(run: DemoSalesRun, date: number, payoutId: number | undefined): void {
  if (payoutId === undefined) return;
  run.schedule(date + 3 * DAY + 5 * HOUR, 'payout returned', () =>
    run.payoutReturned(payoutId, RETURNED_ACCOUNT_CLOSED),
  );
}

/** A mistyped account number: returned, corrected by the author, locked again and paid with the next file. */
function scheduleWrongAccountReturn(run: DemoSalesRun, date: number, payoutId: number | undefined): void {
  if (payoutId === undefined) return;
  run.schedule(date + 4 * DAY + 2 * HOUR, 'payout returned', () =>
    run.payoutReturned(payoutId, RETURNED_WRONG_ACCOUNT),
  );
  run.schedule(date + 5 * DAY + 9 * HOUR, 'corrected payout details', () =>
    setDetails(run.app, run.userIdOf(CORRECTED_AUTHOR), {
      ...PAYOUT_DETAILS[CORRECTED_AUTHOR],
      ...CORRECTED_DETAILS,
    }),
  );
  run.schedule(date + 6 * DAY + HOUR, 'payout locked again', async () => {
    await lockPayout(run.demo, payoutId, run.adminMetadata, { occurredAt: run.occurredAt() });
    run.counts.relocked++;
  });
}

/** 8. PayPal payouts on request: once a month the admin locks and sends those over the minimum. */
function schedulePaypalPayouts(run: DemoSalesRun): void {
  for (const date of bankPayoutDates(run.start, run.now)) {
    const at = date.getTime() + 10 * HOUR;
    if (date.getUTCDate() !== 1 || at < run.start + 20 * DAY || at > run.now - HOUR) continue;
    run.schedule(at, 'PayPal payouts', async () => {
      await run.settle();
      const locked = await lockPaypalPayouts(run);
      run.schedule(at + 40 * MINUTE, 'PayPal transfers', async () => {
        for (const id of locked) {
          const result = await sendPayout(run.demo, id, run.adminMetadata, { occurredAt: run.occurredAt() });
          if (result.status === 'SENT') run.counts.sent++;
        }
      });
    });
  }
}

/** The admin locks the PayPal payouts over the minimum (one the decider refuses is left). */
async function lockPaypalPayouts(run: DemoSalesRun): Promise<number[]> {
  const locked: number[] = [];
  for (const id of await pendingPaypalPayoutsOverMinimum(run.app)) {
    try {
      await lockPayout(run.demo, id, run.adminMetadata, { occurredAt: run.occurredAt() });
      locked.push(id);
      run.counts.locked++;
    } catch (error) {
      if (!(error instanceof PayoutRefused)) throw error;
    }
  }
  return locked;
}

/** 9. The sales since the last lock stay pending; `author` has a few of them. */
function scheduleTheCurrentSales(run: DemoSalesRun, rounds: readonly PayoutRound[]): void {
  run.schedule(run.now - 20 * MINUTE, 'current sales', async () => {
    const lastLock = rounds.at(-1)?.lockAt ?? run.start;
    const recent = run.sales.filter(
      (sale) => sale.at > lastLock && sale.items.some((item) => item.author === 'author'),
    ).length;
    if (recent < 2) await run.sellMore('author', lastLock + HOUR, run.now - 30 * MINUTE, 2 - recent);
    await run.settle();
  });
}

/** 10. Buyers download what they bought (nothing of what was refunded). */
function buyersDownloadWhatTheyBought(run: DemoSalesRun): DemoPurchaseDownload[] {
  const { random } = run.market;
  const downloads: DemoPurchaseDownload[] = [];
  for (const sale of run.sales) {
    if (!sale.placed || sale.refunded) continue;
    const { buyerUserId, paidAt } = sale.placed;
    for (const skinId of new Set(sale.items.flatMap((item) => item.skinIds))) {
      if (!random.chance(sale.buyer.kind === 'user' ? 0.9 : 0.75)) continue;
      const times = random.chance(0.25) ? 2 : 1;
      for (let i = 0; i < times; i++) {
        const at = paidAt + Math.min(20 * DAY, -Math.log(1 - random.next()) * (i + 1) * 8 * HOUR) + MINUTE;
        // The draws are made either way, so the other sales' downloads stay as they were.
        if (at < run.now - MINUTE && !sale.withoutConsent) {
          downloads.push({ skinId, userId: buyerUserId, at: new Date(at) });
        }
      }
    }
  }
  return downloads;
}

function demoUserId(catalogue: DemoCatalogue, username: string): number {
  const user = catalogue.users.get(username);
  if (!user) throw new Error(`Unknown demo user ${username}`);
  return user.id;
}

/**
 * Who buys what: a buyer for a cart (never its author, never one who owns any of it already, the
 * `player` account only a few times), a second item now and then, the payment type and the draws
 * of an order. All from the one seeded random sequence, so a reseed gives the same sales.
 */
class DemoMarket {
  private readonly ordersOf = new Map<string, number>();
  private readonly owned = new Map<string, Set<string>>();

  constructor(
    readonly random: Random,
    readonly sellables: readonly Sellable[],
    private readonly registered: readonly Buyer[],
    private readonly guests: readonly Buyer[],
  ) {}

  /** A sale of `first` (and now and then a second item) at a time, or null when nobody may buy it. */
  planSale(at: number, first: Sellable, options: { guestOnly?: boolean } = {}): Sale | null {
    const { random } = this;
    const items = [first];
    // Now and then a second item goes into the cart.
    if (random.chance(0.12)) {
      const second = random.pick(this.sellables);
      const overlaps =
        second === first ||
        second.createdAt > at - 2 * HOUR ||
        second.skinIds.some((id) => first.skinIds.includes(id)) ||
        (second.kind === first.kind && second.id === first.id);
      if (!overlaps) items.push(second);
    }
    const buyer = this.pickBuyer(items, options);
    if (!buyer) return null;
    this.own(buyer, items);
    this.ordersOf.set(buyer.key, (this.ordersOf.get(buyer.key) ?? 0) + 1);
    const paymentType: OrderPaymentType = random.chance(0.35) ? 'PAYPAL' : 'STRIPE';
    const draws = {
      placing: random.between(60, 240) * 1000,
      opening: random.between(1, 5) * 1000,
      reference: paymentType === 'STRIPE' ? `lc_${random.hex(32)}` : `LOCAL-${random.hex(24).toUpperCase()}`,
    };
    return { at, items, buyer, paymentType, draws };
  }

  private pickBuyer(items: readonly Sellable[], options: { guestOnly?: boolean }): Buyer | null {
    const { random, guests } = this;
    for (let attempt = 0; attempt < 8; attempt++) {
      let buyer: Buyer;
      if (!options.guestOnly && random.chance(0.3)) {
        buyer = random.pick(this.registered);
        if (
          buyer.kind === 'user' &&
          buyer.username === 'player' &&
          (this.ordersOf.get(buyer.key) ?? 0) >= PLAYER_MAX_ORDERS
        ) {
          continue;
        }
      } else {
        // Some guests come back: the first ones of the list more often.
        buyer = guests[Math.floor(random.next() ** 1.6 * guests.length)] as Buyer;
      }
      if (buyer.kind === 'user' && items.some((item) => item.authorId === buyer.userId)) continue;
      if (this.ownsAny(buyer, items)) continue;
      return buyer;
    }
    return null;
  }

  private ownsAny(buyer: Buyer, items: readonly Sellable[]): boolean {
    const set = this.owned.get(buyer.key);
    return (
      !!set &&
      items.some(
        (item) => set.has(`${item.kind}:${item.id}`) || item.skinIds.some((id) => set.has(`SKIN:${id}`)),
      )
    );
  }

  private own(buyer: Buyer, items: readonly Sellable[]): void {
    const set = this.owned.get(buyer.key) ?? new Set<string>();
    for (const item of items) {
      set.add(`${item.kind}:${item.id}`);
      for (const id of item.skinIds) set.add(`SKIN:${id}`);
    }
    this.owned.set(buyer.key, set);
  }
}

/**
 * The six months as they run: the simulated clock, the timeline of steps (each at its time; a step
 * may add later ones), the sales made so far, and what the admin and the payout allocation do
 * between them. The handlers run on a context whose clock is the simulated one; the app's own clock
 * is never moved (the catalogue's pictures and votes are loaded meanwhile, and sessions read that
 * clock). PayPal payouts go through the local stand-in even when PayPal is configured: no money moves.
 */
class DemoSalesRun {
  readonly now: number;
  readonly start: number;
  readonly demo: AppContext;
  readonly adminMetadata: EventMetadata & { actor: { userId: number; role: 'admin' } };
  readonly sales: Sale[] = [];
  readonly counts = { orders: 0, refunds: 0, locked: 0, exported: 0, sent: 0, failed: 0, relocked: 0 };
  private clock: number;
  private readonly reactor: FeedConsumer;
  private readonly queue: Action[] = [];
  private seq = 0;
  /** Payments or refunds written since the allocation last caught up. */
  private unsettled = false;
  private readonly phases: Record<string, number> = {};

  constructor(
    readonly app: AppContext,
    private readonly catalogue: DemoCatalogue,
    private readonly accounts: { admin: number },
    readonly market: DemoMarket,
  ) {
    this.now = catalogue.now;
    this.start = this.now - SALES_DAYS * DAY;
    this.clock = this.start;
    this.adminMetadata = { actor: { userId: accounts.admin, role: 'admin' }, correlationId: CORRELATION_ID };
    const parentLevel = app.log.levelVal;
    this.demo = {
      ...app,
      now: () => new Date(this.clock),
      log: app.log.child({ component: 'demo-sales' }, { level: parentLevel >= 40 ? app.log.level : 'warn' }),
      payments: { ...app.payments, paypalPayouts: new LocalPaypalPayouts() },
    };
    this.reactor = payoutAllocationReactor({ store: app.store, log: this.demo.log });
  }

  get random(): Random {
    return this.market.random;
  }

  userIdOf(username: string): number {
    return demoUserId(this.catalogue, username);
  }

  /** The simulated time, for the events an admin's step records. */
  occurredAt() {
    return backdated(this.clock);
  }

  schedule(at: number, name: string, run: () => Promise<void>, sale?: Sale): void {
    this.queue.push({ at, seq: this.seq++, name, run, ...(sale ? { sale } : {}) });
  }

  /** Plays the timeline in time order, then lets the allocation catch up with the last sales. */
  async play(): Promise<void> {
    const { queue } = this;
    while (queue.length > 0) {
      queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const action = queue.shift() as Action;
      this.clock = Math.max(this.clock, action.at);
      const actionStart = performance.now();
      try {
        if (action.sale) {
          // The sales up to the next other step go together.
          const group = [action.sale];
          while (queue[0]?.sale && group.length < 4 * PARALLEL_SALES) {
            group.push((queue.shift() as Action).sale as Sale);
          }
          await this.sell(group);
        } else {
          await action.run();
        }
        const phase = action.name.replace(/ \d+$/, '');
        this.phases[phase] = (this.phases[phase] ?? 0) + (performance.now() - actionStart) / 1000;
      } catch (error) {
        throw new Error(`Demo sales: ${action.name} at ${iso(action.at)} failed`, { cause: error });
      }
    }
    await this.settle();
  }

  /** Seconds spent in each kind of step, to a tenth. */
  phaseSeconds(): Record<string, number> {
    return Object.fromEntries(
      Object.entries(this.phases).map(([name, seconds]) => [name, Math.round(seconds * 10) / 10]),
    );
  }

  /**
   * Sales close together in time are paid side by side: each order is prepared in turn (buyer,
   * catalogue items, order id), then the orders' commands run concurrently.
   */
  async sell(group: readonly Sale[]): Promise<void> {
    for (let i = 0; i < group.length; i += PARALLEL_SALES) {
      const chunk = group.slice(i, i + PARALLEL_SALES);
      const prepared: PreparedOrder[] = [];
      for (const sale of chunk) prepared.push(await prepareOrder(this.demo, sale));
      await Promise.all(
        chunk.map(async (sale, index) => {
          sale.placed = await payOrder(this.demo, sale, prepared[index] as PreparedOrder);
        }),
      );
      this.counts.orders += chunk.length;
    }
    this.unsettled = true;
  }

  /** Every payment and refund so far allocated to the payouts. */
  async settle(): Promise<void> {
    if (!this.unsettled) return;
    await allocationCaughtUp(this.app, this.reactor);
    this.unsettled = false;
  }

  /** Extra sales of one author's items between two times (the busy days before a lock). */
  async sellMore(author: string, from: number, to: number, count: number): Promise<Sale[]> {
    const { random } = this;
    const theirs = this.market.sellables.filter((item) => item.author === author && item.createdAt < from);
    if (theirs.length === 0) return [];
    const times = Array.from({ length: count }, () => from + random.next() * (to - from)).sort(
      (a, b) => a - b,
    );
    const made: Sale[] = [];
    for (const at of times) {
      const sale = this.market.planSale(at, random.pick(theirs), { guestOnly: true });
      if (sale) made.push(sale);
    }
    this.sales.push(...made);
    await this.sell(made);
    return made;
  }

  /** Tops an author's open payout up to the minimum before a lock, with sales in the day before it. */
  async reachMinimum(author: string, lockAt: number, after: number): Promise<void> {
    for (let attempt = 0; attempt < 12; attempt++) {
      await this.settle();
      const pending = await pendingCentsOf(this.app, this.userIdOf(author));
      if (pending >= MIN_PAYOUT_CENTS + 300) return;
      const missing = MIN_PAYOUT_CENTS + 300 - pending;
      const from = Math.max(after + HOUR, lockAt - DAY);
      await this.sellMore(author, from, lockAt - 30 * MINUTE, Math.max(1, Math.ceil(missing / 400)));
    }
  }

  /** The admin refunds an order (within 7 days, nothing downloaded). */
  async refund(sale: Sale): Promise<void> {
    if (!sale.placed || sale.refunded) return;
    await refundPaidOrder(
      this.demo,
      sale.placed.orderId,
      this.accounts.admin,
      this.random.pick(REFUND_REASONS),
      this.adminMetadata,
    );
    sale.refunded = true;
    this.counts.refunds++;
    this.unsettled = true;
  }

  /** The bank returns a transfer; the admin marks the payout failed. */
  async payoutReturned(payoutId: number, reason: string): Promise<void> {
    await markPayoutFailed(this.demo, payoutId, reason, this.adminMetadata, {
      occurredAt: this.occurredAt(),
    });
    this.counts.failed++;
  }
}

/** Paid skins sold alone and paid bundles, with how often they sell. */
function sellablesOf(catalogue: DemoCatalogue): Sellable[] {
  const rateOf = (author: string, appeal: number) =>
    // The demo author is the best seller: their payouts fill up every fortnight lately.
    author === 'author' ? 0.12 + 0.12 * appeal : 0.006 + 0.03 * appeal;
  return [
    ...catalogue.skins
      .filter((skin) => skin.priceCents > 0)
      .map((skin) => ({
        kind: 'SKIN' as const,
        id: skin.id,
        author: skin.author,
        authorId: skin.authorId,
        createdAt: skin.createdAt.getTime(),
        rate: rateOf(skin.author, skin.appeal),
        skinIds: [skin.id],
      })),
    ...catalogue.bundles
      .filter((bundle) => bundle.priceCents > 0)
      .map((bundle) => ({
        kind: 'BUNDLE' as const,
        id: bundle.id,
        author: bundle.author,
        authorId: bundle.authorId,
        createdAt: bundle.createdAt.getTime(),
        rate: rateOf(bundle.author, bundle.appeal),
        skinIds: bundle.skinIds,
      })),
  ];
}

/** The demo users who buy while signed in: `player`, the players and the authors. */
async function registeredBuyers(app: AppContext, catalogue: DemoCatalogue): Promise<Buyer[]> {
  const usernames = [...catalogue.users.keys()].filter((name) => name !== 'admin');
  const rows = await app.pool.any(sql.type(
    z.object({
      id: z.number(),
      username: z.string(),
      email: z.string(),
      fullname: z.string().nullable(),
      country: z.string().nullable(),
    }),
  )`
    select id, username::text as username, email::text as email, fullname, country from users
    where username = any(${sql.array(usernames, 'text')}::citext[]) order by id`);
  return rows.map((row) => ({
    kind: 'user' as const,
    key: `user:${row.id}`,
    userId: row.id,
    username: row.username,
    email: row.email,
    fullname: BUYER_NAMES[row.username] ?? row.fullname ?? row.username,
    country: row.country ?? 'de',
  }));
}

/** Guests who buy without an account: made-up people at example.com addresses. */
function guestBuyers(random: Random): Buyer[] {
  const guests: Buyer[] = [];
  const emails = new Set<string>();
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '');
  while (guests.length < 160) {
    const first = random.pick(GUEST_FIRST_NAMES);
    const last = random.pick(GUEST_LAST_NAMES);
    let email = `${slug(first)}.${slug(last)}@example.com`;
    for (let n = 2; emails.has(email); n++) email = `${slug(first)}.${slug(last)}${n}@example.com`;
    emails.add(email);
    guests.push({
      kind: 'guest',
      key: `guest:${email}`,
      email,
      fullname: `${first} ${last}`,
      country: random.pick(GUEST_COUNTRIES),
    });
  }
  return guests;
}

/** The payout dates from the month of `from` to `to`. */
function bankPayoutDates(from: number, to: number): Date[] {
  const dates: Date[] = [];
  const first = new Date(from);
  for (let month = 0; ; month++) {
    for (const day of BANK_PAYOUT_DAYS) {
      const date = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + month, day));
      if (date.getTime() > to + 31 * DAY) return dates;
      if (date.getTime() >= from && date.getTime() <= to) dates.push(date);
    }
  }
}

async function setDetails(app: AppContext, userId: number, details: Details): Promise<void> {
  const { avatar: _avatar, ...changes } = updateMyUserSchema.parse(details);
  await updateProfile(app.pool, userId, changes as ProfileChanges);
}

type PreparedOrder = {
  id: number;
  email: string;
  account: { userId: number; guest: boolean };
  form: { fullname: string; country: string };
  items: Awaited<ReturnType<typeof catalogueItemsToOrder>>;
};

/**
 * The checkout's first half, as the checkout calls run it: the form through the checkout's schema,
 * the buyer's account (or the guest row of the email), the items and their prices from the
 * catalogue (refused like a cart would be), and the order's id.
 */
async function prepareOrder(app: AppContext, sale: Sale): Promise<PreparedOrder> {
  const { buyer } = sale;
  const { email } = buyer;
  const cart = {
    skins: sale.items.filter((item) => item.kind === 'SKIN').map((item) => item.id),
    bundles: sale.items.filter((item) => item.kind === 'BUNDLE').map((item) => item.id),
  };
  const form = (sale.paymentType === 'STRIPE' ? cardCheckoutRequestSchema : paypalOrderRequestSchema).parse({
    email,
    fullname: buyer.fullname,
    country: buyer.country,
    termsAccepted: true,
    reminderAccepted: true,
    ...cart,
  });
  const account =
    buyer.kind === 'user'
      ? { userId: buyer.userId, guest: false }
      : { userId: (await guestAccountFor(app.pool, form)).userId, guest: true };
  const items = await catalogueItemsToOrder(
    app.pool,
    form,
    { userId: account.userId, signedIn: !account.guest },
    // The sales running when the back-dated order is placed (payOrder's placedAt).
    new Date(sale.at - sale.draws.placing),
  );
  return { id: await nextOrderId(app.pool), email, account, form, items };
}

/**
 * The rest of a paid order: PlaceOrder with the configured fee policy, then its payment a minute or
 * so later (payDemoOrder). No confirmation mail is sent.
 */
async function payOrder(
  app: AppContext,
  sale: Sale,
  { id, email, account, form, items }: PreparedOrder,
): Promise<{ orderId: string; buyerUserId: number; paidAt: number }> {
  const orderId = String(id);
  const metadata: EventMetadata = {
    actor: account.guest ? { guestEmail: email } : { userId: account.userId },
    correlationId: CORRELATION_ID,
  };
  const placedAt = new Date(sale.at - sale.draws.placing);
  const { appended } = await runOrderCommand(
    app,
    orderId,
    {
      type: 'PlaceOrder',
      orderId,
      externalId: orderNumberOf(id, placedAt),
      buyer: {
        userId: account.userId,
        email,
        fullName: form.fullname,
        country: form.country,
        guest: account.guest,
      },
      paymentType: sale.paymentType,
      items,
      feePolicy: configuredFeePolicy(app),
      vat: await demoOrderVat(app, sale.buyer, form.country, placedAt),
      placedAt,
      withdrawalConsent: { given: !sale.withoutConsent },
    },
    metadata,
    { occurredAt: backdated(placedAt) },
  );
  const receivedAt = new Date(sale.at);
  await payDemoOrder(
    app,
    orderId,
    appended,
    {
      paymentType: sale.paymentType,
      reference: sale.draws.reference,
      country: form.country,
      openedAt: new Date(placedAt.getTime() + sale.draws.opening),
      receivedAt,
    },
    metadata,
  );
  return { orderId, buyerUserId: account.userId, paidAt: receivedAt.getTime() };
}

/**
 * A demo order's VAT inputs: buyers browse from their billing country (the IP evidence agrees)
 * unless the buyer says otherwise; a business's VAT ID is checked by the local VIES stand-in (the
 * demo never asks the EU about its example number).
 */
async function demoOrderVat(
  app: AppContext,
  buyer: Buyer,
  country: string,
  placedAt: Date,
): Promise<PlaceOrderVat> {
  const { vat } = app.config;
  const ipCountry = buyer.kind === 'guest' && buyer.ipCountry !== undefined ? buyer.ipCountry : country;
  let vatId: PlaceOrderVat['vatId'] = null;
  if (buyer.kind === 'guest' && buyer.vatId && vat.registered && country !== vat.homeCountry) {
    const answer = await localVatIdChecker(() => placedAt)(buyer.vatId);
    if (answer.status !== 'VALID') throw new Error(`The demo VAT ID ${buyer.vatId} is not accepted locally`);
    vatId = {
      vatId: buyer.vatId,
      valid: true,
      check: {
        source: answer.source,
        requestIdentifier: answer.requestIdentifier,
        checkedAt: answer.checkedAt,
      },
    };
  }
  return {
    seller: { registered: vat.registered, homeCountry: vat.homeCountry, vatId: vat.vatId },
    rates: vatRates(),
    ipCountry,
    countryConfirmed: ipCountry !== country,
    vatId,
  };
}

/** The admin's refund: the command the refundOrder handler runs, with the same download check. */
async function refundPaidOrder(
  app: AppContext,
  orderId: string,
  adminId: number,
  reason: string,
  metadata: EventMetadata,
): Promise<void> {
  const downloaded = await itemsDownloadedSincePayment(app, [Number(orderId)]);
  const refundedAt = app.now();
  await runOrderCommand(
    app,
    orderId,
    {
      type: 'RefundOrder',
      by: adminId,
      reason,
      downloadedItems: downloaded.get(Number(orderId)) ?? [],
      refundedAt,
    },
    metadata,
    { occurredAt: backdated(refundedAt) },
  );
}

/**
 * Waits until the allocation reactor has applied every payment and refund written so far: the
 * runner's own reactor, run here until the feed has nothing more for it (under the same advisory
 * lock, so it never runs twice at once), rather than a pass over every projection.
 */
export async function allocationCaughtUp(app: AppContext, reactor: FeedConsumer): Promise<void> {
  const options = { pool: app.pool, store: app.store, batchSize: app.config.projections.batchSize };
  for (let attempt = 0; attempt < 400; attempt++) {
    await runUntilCaughtUp(options, reactor);
    const behind = await app.pool.oneFirst(sql.type(z.object({ behind: z.boolean() }))`
      select exists (
        select 1 from events e
        join projection_checkpoints c on c.projection_name = ${PAYOUT_ALLOCATION}
        where (e.transaction_id, e.global_position) > (c.last_transaction_id, c.last_position)
          and e.event_type in ('PaymentReceived', 'OrderRefunded')
      ) as behind`);
    if (!behind) return;
    // Another runner holds the reactor, or a transaction still in flight hides what follows it.
    await sleep(20);
  }
  throw new Error('The payout allocation did not catch up with the demo sales.');
}

async function pendingCentsOf(app: AppContext, authorId: number): Promise<number> {
  return app.pool.oneFirst(sql.type(z.object({ cents: z.number() }))`
    select coalesce(sum(amount_cents), 0)::int as cents from payouts
    where author_id = ${authorId} and status = 'PENDING'`);
}

async function lockedBankPayoutsFor(app: AppContext, payoutDate: string): Promise<number[]> {
  return [
    ...(await app.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
      select id from payouts
      where status = 'LOCKED' and payout_method = 'BANK_TRANSFER' and payout_date = ${payoutDate}::date
      order by id`)),
  ];
}

async function pendingPaypalPayoutsOverMinimum(app: AppContext): Promise<number[]> {
  return [
    ...(await app.pool.anyFirst(sql.type(z.object({ id: z.number() }))`
      select p.id from payouts p join users u on u.id = p.author_id
      where p.status = 'PENDING' and u.payout_method = 'PAYPAL' and p.amount_cents >= ${MIN_PAYOUT_CENTS}
      order by p.id`)),
  ];
}

async function payoutAuthors(app: AppContext, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await app.pool.any(sql.type(z.object({ id: z.number(), author_id: z.number() }))`
    select id, author_id from payouts where id = any(${sql.array([...ids], 'int8')})`);
  return new Map(rows.map((row) => [row.id, row.author_id]));
}

/** Guests' sales of an author since a time whose item sits in a LOCKED payout, oldest first. */
async function salesInLockedPayouts(
  app: AppContext,
  sales: readonly Sale[],
  authorId: number,
  since: number,
): Promise<Sale[]> {
  const candidates = sales.filter(
    (sale) => sale.placed && !sale.refunded && sale.buyer.kind === 'guest' && sale.at >= since,
  );
  if (candidates.length === 0) return [];
  const lockedOrders = new Set(
    await app.pool.anyFirst(sql.type(z.object({ order_id: z.number() }))`
      select distinct l.order_id from payout_lines l join payouts p on p.id = l.payout_id
      where l.kind = 'ITEM' and p.status = 'LOCKED' and p.author_id = ${authorId}
        and l.order_id = any(${sql.array(
          candidates.map((sale) => Number(sale.placed?.orderId)),
          'int8',
        )})`),
  );
  return candidates.filter((sale) => lockedOrders.has(Number(sale.placed?.orderId)));
}

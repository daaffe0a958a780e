import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { deciderSpec, refused } from '../testing/decider-spec';
import {
  MIN_PAYOUT_CENTS,
  payoutDecider,
  PayoutRefused,
  type PayoutCommand,
  type PayoutRefusalReason,
} from './payout.decider';
import type { PayoutDestination, PayoutEvent, PayoutItem } from './payout.events';
import { payoutDestinationOf } from './payout-destination';
import {
  currentLockRound,
  nextBankPayoutDate,
  nextBankPayoutDay,
  payoutDateOfLock,
  payoutTiming,
} from './payout-schedule';

const { given, stateAfter } = deciderSpec(payoutDecider);
function thenRefused(events: PayoutEvent[], command: PayoutCommand, reason: PayoutRefusalReason) {
  const refusal = given(events).when(command).then(refused(PayoutRefused, { reason }));
  expect(refusal).toBeInstanceOf(DomainError);
  return refusal;
}

const at = new Date('2026-03-10T12:00:00.000Z');
const item = (orderId: string, share: number): PayoutItem => ({
  orderId,
  orderExternalId: `TS-2026-${orderId.padStart(6, '0')}`,
  position: 0,
  itemType: 'SKIN',
  itemId: 7,
  name: 'Desert Fox',
  priceCents: share + 100,
  tipCents: 0,
  siteFeeCents: 40,
  paymentFeeCents: 60,
  authorShareCents: share,
  paymentType: 'STRIPE',
  paidAt: at.toISOString(),
});
const bank: PayoutDestination = {
  method: 'BANK_TRANSFER',
  name: 'Jan Novak',
  street: 'Karlova 1',
  city: 'Praha',
  country: 'cz',
  iban: 'CZ6508000000192000145399',
  bic: 'GIBACZPX',
};
const paypal: PayoutDestination = { method: 'PAYPAL', name: 'Jan Novak', paypalAccount: 'jan@example.com' };

const opened: PayoutEvent = {
  type: 'PayoutOpened',
  data: { payoutId: 4, authorId: 50, openedAt: at.toISOString() },
};
const added = (orderId: string, share: number): PayoutEvent => ({
  type: 'PayoutItemAdded',
  data: { payoutId: 4, authorId: 50, item: item(orderId, share) },
});
const locked = (amount: number, destination: PayoutDestination = bank, itemCount = 1): PayoutEvent => ({
  type: 'PayoutLocked',
  data: {
    payoutId: 4,
    authorId: 50,
    amountCents: amount,
    itemCount,
    destination,
    payoutDate: destination.method === 'PAYPAL' ? null : '2026-03-16',
    lockedAt: at.toISOString(),
  },
});
const lock = (destination: PayoutDestination | null = bank): PayoutCommand => ({
  type: 'LockPayout',
  destination,
  missingDetails: 'the IBAN is missing.',
  payoutDate: '2026-03-16',
  lockedAt: at,
});

describe('a pending payout', () => {
  it('collects items and refuses the same order item twice', () => {
    given([opened])
      .when({ type: 'AddPayoutItem', item: item('1', 900) })
      .then([added('1', 900)]);
    thenRefused([opened, added('1', 900)], { type: 'AddPayoutItem', item: item('1', 900) }, 'DUPLICATE_ITEM');
  });

  it('gives a refunded item back with the share it was added with', () => {
    expect(
      given([opened, added('1', 900)])
        .when({ type: 'RemovePayoutItem', orderId: '1', position: 0, removedAt: at })
        .events(),
    ).toEqual([
      {
        type: 'PayoutItemRemoved',
        data: {
          payoutId: 4,
          orderId: '1',
          position: 0,
          authorShareCents: 900,
          reason: 'ORDER_REFUNDED',
          removedAt: at.toISOString(),
        },
      },
    ]);
    thenRefused(
      [opened],
      { type: 'RemovePayoutItem', orderId: '1', position: 0, removedAt: at },
      'ITEM_NOT_IN_PAYOUT',
    );
  });

  it('is locked from 50 EUR with a complete payout method, freezing the amount and the destination', () => {
    const events = [opened, added('1', 3000), added('2', MIN_PAYOUT_CENTS - 3000)];
    given(events)
      .when(lock())
      .then([locked(MIN_PAYOUT_CENTS, bank, 2)]);
    const refusal = thenRefused([opened, added('1', MIN_PAYOUT_CENTS - 1)], lock(), 'UNDER_MINIMUM');
    // Amounts as the site writes them ("49,99 €", with no-break spaces).
    expect(refusal.message.replace(/\u00a0/g, ' ')).toBe(
      'The payout holds 49,99 €, under the minimum of 50,00 €: it keeps collecting.',
    );
    expect(thenRefused(events, lock(null), 'NO_PAYOUT_METHOD').message).toBe(
      'The author has no complete payout method: the IBAN is missing.',
    );
  });

  it('is not locked while its author holds their payouts, by anyone', () => {
    const events = [opened, added('1', MIN_PAYOUT_CENTS + 100)];
    const held = { ...lock(), heldByAuthor: true } as PayoutCommand;
    expect(thenRefused(events, held, 'HELD_BY_AUTHOR').message).toBe(
      'The author holds their payouts: it keeps collecting until they release them.',
    );
    given(events)
      .when({ ...lock(), heldByAuthor: false } as PayoutCommand)
      .then([locked(MIN_PAYOUT_CENTS + 100, bank, 1)]);
  });

  it('has no date when it goes to PayPal (sent on request)', () => {
    const [event] = given([opened, added('1', 6000)])
      .when(lock(paypal))
      .events();
    expect(event).toMatchObject({ type: 'PayoutLocked', data: { payoutDate: null } });
  });
});

describe('a locked payout', () => {
  const events = [opened, added('1', 6000), locked(6000)];

  it('never changes: items, adjustments and a second lock are refused', () => {
    thenRefused(events, { type: 'AddPayoutItem', item: item('2', 100) }, 'NOT_PENDING');
    thenRefused(
      events,
      { type: 'RemovePayoutItem', orderId: '1', position: 0, removedAt: at },
      'NOT_PENDING',
    );
    thenRefused(events, lock(), 'NOT_PENDING');
  });

  it('goes to the bank only after it went out in a SEPA file, with that file as its reference', () => {
    thenRefused(events, { type: 'SendPayout', transferReference: 'x', sentAt: at }, 'NOT_EXPORTED');
    const exported: PayoutEvent = {
      type: 'PayoutExported',
      data: {
        payoutId: 4,
        fileId: 'file-1',
        batchId: 'TS-SEPA-1',
        endToEndId: 'TSP-4',
        exportedAt: at.toISOString(),
      },
    };
    expect(
      given([...events, exported])
        .when({ type: 'SendPayout', transferReference: 'TS-SEPA-1', sentAt: at })
        .events(),
    ).toEqual([
      {
        type: 'PayoutSent',
        data: {
          payoutId: 4,
          authorId: 50,
          amountCents: 6000,
          destination: bank,
          transferReference: 'TS-SEPA-1',
          sentAt: at.toISOString(),
        },
      },
    ]);
    thenRefused(
      [opened, added('1', 6000), locked(6000, paypal)],
      { type: 'RecordPayoutExport', fileId: 'f', batchId: 'b', exportedAt: at },
      'NOT_A_BANK_PAYOUT',
    );
  });

  describe('is in one SEPA file at a time', () => {
    const exportTo = (fileId: string, batchId: string): PayoutCommand => ({
      type: 'RecordPayoutExport',
      fileId,
      batchId,
      exportedAt: at,
    });
    const exportedTo = (fileId: string, batchId: string): PayoutEvent => ({
      type: 'PayoutExported',
      data: { payoutId: 4, fileId, batchId, endToEndId: 'TSP-4', exportedAt: at.toISOString() },
    });
    const withdrawn: PayoutEvent = {
      type: 'PayoutExportWithdrawn',
      data: {
        payoutId: 4,
        fileId: 'file-1',
        batchId: 'TS-SEPA-1',
        reason: 'The bank rejected the file',
        withdrawnAt: at.toISOString(),
      },
    };

    it('records the file, with an end-to-end id taken from the payout alone', () => {
      given(events)
        .when(exportTo('file-1', 'TS-SEPA-1'))
        .then([exportedTo('file-1', 'TS-SEPA-1')]);
    });

    it('refuses a second file while it is in one, naming the file', () => {
      const refusal = thenRefused(
        [...events, exportedTo('file-1', 'TS-SEPA-1')],
        exportTo('file-2', 'TS-SEPA-2'),
        'ALREADY_EXPORTED',
      );
      expect(refusal.message).toMatch(/already in SEPA file TS-SEPA-1/);
      expect(refusal.code).toBe('CONFLICT');
    });

    it('is withdrawn from its file with a reason, then goes into another with the same end-to-end id', () => {
      given([...events, exportedTo('file-1', 'TS-SEPA-1')])
        .when({ type: 'WithdrawPayoutExport', reason: '  The bank rejected the file ', withdrawnAt: at })
        .then([withdrawn]);
      given([...events, exportedTo('file-1', 'TS-SEPA-1'), withdrawn])
        .when(exportTo('file-2', 'TS-SEPA-2'))
        .then([exportedTo('file-2', 'TS-SEPA-2')]);
      // Withdrawn, it is in no file: it cannot be marked sent until it is in one again.
      thenRefused(
        [...events, exportedTo('file-1', 'TS-SEPA-1'), withdrawn],
        { type: 'SendPayout', transferReference: 'TS-SEPA-1', sentAt: at },
        'NOT_EXPORTED',
      );
    });

    it('refuses a withdrawal without a reason, outside a file, or once sent', () => {
      const inFile = [...events, exportedTo('file-1', 'TS-SEPA-1')];
      thenRefused(inFile, { type: 'WithdrawPayoutExport', reason: '  ', withdrawnAt: at }, 'INVALID_REASON');
      thenRefused(events, { type: 'WithdrawPayoutExport', reason: 'x', withdrawnAt: at }, 'NOT_IN_FILE');
      const sent: PayoutEvent = {
        type: 'PayoutSent',
        data: {
          payoutId: 4,
          amountCents: 6000,
          destination: bank,
          transferReference: 'TS-SEPA-1',
          sentAt: at.toISOString(),
        },
      };
      thenRefused(
        [...inFile, sent],
        { type: 'WithdrawPayoutExport', reason: 'x', withdrawnAt: at },
        'NOT_LOCKED',
      );
    });
  });

  it('fails with a reason and is locked again, for the same amount, with corrected details', () => {
    const failed: PayoutEvent = {
      type: 'PayoutFailed',
      data: { payoutId: 4, reason: 'Account closed', failedAt: at.toISOString() },
    };
    given(events).when({ type: 'FailPayout', reason: '  Account closed ', failedAt: at }).then([failed]);
    thenRefused(events, { type: 'FailPayout', reason: ' ', failedAt: at }, 'INVALID_REASON');
    thenRefused(
      events,
      { type: 'RelockPayout', destination: bank, payoutDate: null, relockedAt: at },
      'NOT_FAILED',
    );
    const state = stateAfter([...events, failed]);
    expect(state.status).toBe('ERROR');
    thenRefused(
      [...events, failed],
      { type: 'SendPayout', transferReference: 'x', sentAt: at },
      'NOT_LOCKED',
    );
    const [relocked] = given([...events, failed])
      .when({
        type: 'RelockPayout',
        destination: paypal,
        payoutDate: '2026-04-01',
        relockedAt: at,
      })
      .events();
    expect(relocked).toEqual({
      type: 'PayoutRelocked',
      data: {
        payoutId: 4,
        authorId: 50,
        destination: paypal,
        payoutDate: null,
        relockedAt: at.toISOString(),
      },
    });
    expect(stateAfter([...events, failed, relocked!])).toMatchObject({
      status: 'LOCKED',
      lockedAmountCents: 6000,
      destination: paypal,
    });
  });
});

it('refuses every command but opening on a payout that does not exist', () => {
  thenRefused([], lock(), 'PAYOUT_NOT_FOUND');
  thenRefused(
    [opened],
    { type: 'OpenPayout', payoutId: 4, authorId: 50, openedAt: at },
    'PAYOUT_ALREADY_OPENED',
  );
});

describe('payout details', () => {
  const details = {
    payoutMethod: 'BANK_TRANSFER' as const,
    fullname: 'Jan Novák',
    paypalAccount: null,
    street: 'Karlova 1',
    city: 'Praha',
    country: 'cz',
    bankAccountIban: 'CZ65 0800 0000 1920 0014 5399',
    bankAccountBic: 'gibaczpx',
  };
  it('make a destination only when complete, valid and (for banks) in the SEPA area', () => {
    expect(payoutDestinationOf(details).destination).toEqual({ ...bank, name: 'Jan Novák' });
    expect(payoutDestinationOf({ ...details, street: ' ', bankAccountBic: null }).missing).toBe(
      'street, BIC missing.',
    );
    expect(
      payoutDestinationOf({
        ...details,
        bankAccountIban: 'BR1800360305000010009795493C1',
        bankAccountBic: 'BOFABRSPXXX',
      }).missing,
    ).toMatch(/outside the SEPA area/);
    expect(
      payoutDestinationOf({ ...details, payoutMethod: 'PAYPAL', paypalAccount: 'jan@example.com' })
        .destination,
    ).toEqual({ method: 'PAYPAL', name: 'Jan Novák', paypalAccount: 'jan@example.com' });
    expect(payoutDestinationOf({ ...details, payoutMethod: null }).missing).toBe(
      'no payout method is chosen.',
    );
  });
});

describe('the bank payout schedule (1st and 16th, locked two days before)', () => {
  it('names the date a sale made now is paid on', () => {
    expect(nextBankPayoutDate(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-16');
    expect(nextBankPayoutDate(new Date('2026-03-13T23:59:59Z'))).toBe('2026-03-16');
    expect(nextBankPayoutDate(new Date('2026-03-14T00:00:00Z'))).toBe('2026-04-01');
    expect(nextBankPayoutDate(new Date('2026-12-30T08:00:00Z'))).toBe('2027-01-16');
  });

  it('runs a lock round between the lock time and the payout date', () => {
    expect(currentLockRound(new Date('2026-03-13T23:00:00Z'))).toBeNull();
    expect(currentLockRound(new Date('2026-03-14T01:00:00Z'))).toEqual({
      payoutDate: '2026-03-16',
      lockAt: new Date('2026-03-14T00:00:00Z'),
    });
    expect(currentLockRound(new Date('2026-03-31T12:00:00Z'))?.payoutDate).toBe('2026-04-01');
    expect(currentLockRound(new Date('2026-03-16T00:00:00Z'))).toBeNull();
  });

  it('dates a locked bank payout, and shows PayPal payouts as on request', () => {
    expect(payoutDateOfLock(new Date('2026-03-15T10:00:00Z'), 'BANK_TRANSFER')).toBe('2026-03-16');
    expect(payoutDateOfLock(new Date('2026-03-15T10:00:00Z'), 'PAYPAL')).toBeNull();
    const now = new Date('2026-03-10T12:00:00Z');
    const bankPayout = { method: 'BANK_TRANSFER' as const, payoutDate: null, amountCents: 6000 };
    expect(payoutTiming({ ...bankPayout, status: 'PENDING' }, now)).toEqual({
      date: '2026-03-16',
      note: null,
    });
    expect(payoutTiming({ ...bankPayout, status: 'PENDING', method: 'PAYPAL' }, now)).toEqual({
      date: null,
      note: null,
    });
    expect(payoutTiming({ ...bankPayout, status: 'LOCKED', payoutDate: '2026-04-01' }, now).date).toBe(
      '2026-04-01',
    );
    expect(payoutTiming({ ...bankPayout, status: 'SENT', payoutDate: '2026-04-01' }, now).date).toBeNull();
  });

  it('never shows a locked payout a date in the past: an overdue one goes out on the next bank date', () => {
    const locked = { status: 'LOCKED', method: 'BANK_TRANSFER' as const, amountCents: 6000 };
    // Locked for 16 November, still unsent on 28 November: the next bank date is 1 December.
    expect(payoutTiming({ ...locked, payoutDate: '2026-11-16' }, new Date('2026-11-28T09:00:00Z')).date).toBe(
      '2026-12-01',
    );
    // On a bank payout day itself, that day.
    expect(payoutTiming({ ...locked, payoutDate: '2026-11-16' }, new Date('2026-12-01T09:00:00Z')).date).toBe(
      '2026-12-01',
    );
    expect(nextBankPayoutDay(new Date('2026-12-20T00:00:00Z'))).toBe('2027-01-01');
  });

  it('gives a pending payout under the minimum no date, and carries a negative one over', () => {
    const now = new Date('2026-11-28T09:00:00Z');
    const pending = { status: 'PENDING', method: 'BANK_TRANSFER' as const, payoutDate: null };
    expect(payoutTiming({ ...pending, amountCents: MIN_PAYOUT_CENTS - 1 }, now)).toEqual({
      date: null,
      note: 'UNDER_MINIMUM',
    });
    expect(payoutTiming({ ...pending, amountCents: -499 }, now)).toEqual({
      date: null,
      note: 'CARRIED_OVER',
    });
    expect(payoutTiming({ ...pending, amountCents: MIN_PAYOUT_CENTS }, now)).toEqual({
      date: '2026-12-01',
      note: null,
    });
  });
});

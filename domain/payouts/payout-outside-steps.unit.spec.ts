import { describe, expect, it } from 'vitest';
import { evolvePayout, initialPayoutState, PayoutRefused } from './payout.decider';
import type { PayoutDestination, PayoutEvent } from './payout.events';
import { exportSepaRules, sendPayoutRules } from './payout-outside-steps';

const at = new Date('2026-03-10T12:00:00.000Z');
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

const history = (payoutId: number, destination: PayoutDestination, more: PayoutEvent[] = []) =>
  (
    [
      { type: 'PayoutOpened', data: { payoutId, authorId: 50, openedAt: at.toISOString() } },
      {
        type: 'PayoutLocked',
        data: {
          payoutId,
          authorId: 50,
          amountCents: 6000,
          itemCount: 1,
          destination,
          payoutDate: destination.method === 'PAYPAL' ? null : '2026-03-16',
          lockedAt: at.toISOString(),
        },
      },
      ...more,
    ] as PayoutEvent[]
  ).reduce(evolvePayout, initialPayoutState);

const exported = (payoutId: number): PayoutEvent => ({
  type: 'PayoutExported',
  data: {
    payoutId,
    fileId: 'file-1',
    batchId: 'TS-SEPA-1',
    endToEndId: `TSP-${payoutId}`,
    exportedAt: at.toISOString(),
  },
});

describe('sendPayout with its outside step', () => {
  it('asks PayPal for a locked PayPal payout, with its account and locked amount', () => {
    expect(sendPayoutRules.plan({ sentAt: at }, [history(4, paypal)])).toEqual({
      payoutId: 4,
      receiverEmail: 'jan@example.com',
      amountCents: 6000,
    });
  });

  it('records PayPal batch as SENT, and a refusal as ERROR with its reason', () => {
    const state = history(4, paypal);
    const [[sent]] = sendPayoutRules.decide({ sentAt: at }, [state], { status: 'sent', batchId: 'B-1' }) as [
      PayoutEvent[],
    ];
    expect(sent).toMatchObject({ type: 'PayoutSent', data: { transferReference: 'B-1', amountCents: 6000 } });
    const [[failed]] = sendPayoutRules.decide({ sentAt: at }, [state], {
      status: 'refused',
      reason: 'RECEIVER_UNREGISTERED',
    }) as [PayoutEvent[]];
    expect(failed).toMatchObject({ type: 'PayoutFailed', data: { reason: 'RECEIVER_UNREGISTERED' } });
  });

  it('asks nothing outside for a bank payout: sent with its SEPA file, refused before one', () => {
    const inFile = history(5, bank, [exported(5)]);
    expect(sendPayoutRules.plan({ sentAt: at }, [inFile])).toBeNull();
    const [[sent]] = sendPayoutRules.decide({ sentAt: at }, [inFile], null) as [PayoutEvent[]];
    expect(sent).toMatchObject({ type: 'PayoutSent', data: { transferReference: 'TS-SEPA-1' } });
    expect(() => sendPayoutRules.decide({ sentAt: at }, [history(5, bank)], null)).toThrow(PayoutRefused);
  });

  it('refuses a payout that does not exist before anything moves', () => {
    expect(() => sendPayoutRules.plan({ sentAt: at }, [initialPayoutState])).toThrow(PayoutRefused);
  });
});

describe('exportSepaFile with its outside step', () => {
  it('plans one transfer per payout with its end-to-end id, amount and creditor', () => {
    const call = exportSepaRules.plan({ payoutIds: [4, 7] }, [history(4, bank), history(7, bank)]);
    expect(
      call.transfers.map((transfer) => [transfer.payoutId, transfer.endToEndId, transfer.amountCents]),
    ).toEqual([
      [4, 'TSP-4', 6000],
      [7, 'TSP-7', 6000],
    ]);
    expect(call.transfers[0]!.creditor).toMatchObject({ name: 'Jan Novak', iban: bank.iban });
  });

  it('refuses a PayPal payout, and a payout already in a file, before any file is made', () => {
    expect(() => exportSepaRules.plan({ payoutIds: [4] }, [history(4, paypal)])).toThrow(
      'Payout 4 is not a locked bank transfer payout.',
    );
    const refusal = (() => {
      try {
        exportSepaRules.plan({ payoutIds: [4] }, [history(4, bank, [exported(4)])]);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toMatchObject({ reason: 'ALREADY_EXPORTED', code: 'CONFLICT' });
  });

  it('records the stored file on every payout, at the time the file was made', () => {
    const decided = exportSepaRules.decide({ payoutIds: [4, 7] }, [history(4, bank), history(7, bank)], {
      fileId: 'f-9',
      messageId: 'TS-SEPA-9',
      createdAt: '2026-03-11T08:00:00.000Z',
    });
    expect(decided.map((events) => events.map((event) => event.type))).toEqual([
      ['PayoutExported'],
      ['PayoutExported'],
    ]);
    expect(decided[1]![0]).toMatchObject({
      data: { payoutId: 7, fileId: 'f-9', batchId: 'TS-SEPA-9', exportedAt: '2026-03-11T08:00:00.000Z' },
    });
  });
});

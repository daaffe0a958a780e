import { describe, expect, it } from 'vitest';
import { amountLabel, payoutContents, payoutDateFact } from './payout-dates';
import { formatAmount } from '../../../shared/format';

describe('payoutDateFact', () => {
  it('gives the bank payout date ahead while pending or locked', () => {
    expect(
      payoutDateFact({
        payoutStatus: 'PENDING',
        payoutMethod: 'BANK_TRANSFER',
        estimatedPayoutDate: '2026-12-01',
      }),
    ).toEqual({ label: 'Estimated payout date', value: '01. 12. 2026' });
  });

  it('reads On request for PayPal without a date', () => {
    expect(
      payoutDateFact({ payoutStatus: 'LOCKED', payoutMethod: 'PAYPAL', estimatedPayoutDate: null }),
    ).toEqual({
      label: 'Estimated payout date',
      value: 'On request',
    });
  });

  it('gives a pending payout under the minimum no date: it waits until the balance reaches it', () => {
    expect(formatAmount(50)).toMatch(/^50,00\s€$/);
    expect(
      payoutDateFact({
        payoutStatus: 'PENDING',
        payoutMethod: 'BANK_TRANSFER',
        estimatedPayoutDate: null,
        estimatedDateNote: 'UNDER_MINIMUM',
        minimumAmount: 50,
      }),
    ).toEqual({ label: 'Estimated payout date', value: `When the balance reaches ${formatAmount(50)}` });
  });

  it('says a negative pending payout is carried to the next payout, with no date', () => {
    expect(
      payoutDateFact({
        payoutStatus: 'PENDING',
        payoutMethod: 'BANK_TRANSFER',
        estimatedPayoutDate: null,
        estimatedDateNote: 'CARRIED_OVER',
      }),
    ).toEqual({ label: 'Estimated payout date', value: 'None: it is carried to your next payout' });
  });

  it('says when a pending payout waits for the author’s threshold or is held by them', () => {
    const pending = {
      payoutStatus: 'PENDING' as const,
      payoutMethod: 'BANK_TRANSFER' as const,
      estimatedPayoutDate: null,
    };
    expect(payoutDateFact({ ...pending, estimatedDateNote: 'UNDER_THRESHOLD' })?.value).toBe(
      'When the balance reaches your payout threshold',
    );
    expect(payoutDateFact({ ...pending, estimatedDateNote: 'HELD' })?.value).toBe(
      'None: you hold your payouts',
    );
  });

  it('asks for a payout method when there is none', () => {
    expect(payoutDateFact({ payoutStatus: 'PENDING', payoutMethod: null })).toMatchObject({
      value: 'Choose a payout method',
      missingMethod: true,
    });
  });

  it('gives the day a sent payout was sent, and nothing for a failed one', () => {
    expect(payoutDateFact({ payoutStatus: 'SENT', sentOn: '2026-11-23T10:00:00.000Z' })?.label).toBe('Sent');
    expect(payoutDateFact({ payoutStatus: 'ERROR', payoutMethod: 'PAYPAL' })).toBeNull();
  });
});

describe('amountLabel and payoutContents', () => {
  it('calls a pending amount an estimate', () => {
    expect(amountLabel('PENDING')).toBe('Estimated payout');
    expect(amountLabel('SENT')).toBe('Total');
  });

  it('counts skins, bundles and adjustments', () => {
    expect(payoutContents({ skinCount: 1, bundleCount: 2, adjustmentCount: 0 })).toBe('1 skin · 2 bundles');
    expect(payoutContents({ skinCount: 3, bundleCount: 0, adjustmentCount: 1 })).toBe(
      '3 skins · 0 bundles · 1 adjustment',
    );
  });
});

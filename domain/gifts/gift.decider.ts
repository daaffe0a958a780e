import { DomainError, type DomainErrorCode } from '../errors';
import type { OrderEvent, PaymentStatus } from '../orders/order.events';
import type { GiftClaimed, GiftGiven, GiftedItem } from './gift.events';
import { giftMessages, type GiftRequest } from './gift.schemas';

// The rules of a gift (docs/gifts.md). The gift is part of its order and lives on the order's
// stream; this decider folds the order's events it needs (placement, payment, cancellation, refund
// and the gift's own) and decides the commands of the gift. Giving happens with the order's
// placement (`giftGivenFor`, called by the order decider).

/** Why a gift command was refused. */
export type GiftRefusalReason =
  | 'GIFT_NOT_FOUND'
  | 'GIFT_TO_SELF'
  | 'GIFT_NOT_PAID'
  | 'GIFT_ENDED'
  | 'GIFT_CANCELLED'
  | 'GIFT_ALREADY_CLAIMED'
  | 'GIVER_CLAIMS'
  | 'NOT_THE_GIVER'
  | 'GIFT_AWAITS_CONSENT';

export class GiftRefused extends DomainError {
  override name = 'GiftRefused';
  constructor(
    readonly reason: GiftRefusalReason,
    code: DomainErrorCode,
    message: string,
    field?: string,
  ) {
    super(code, message, field);
  }
}

export type GiftState = {
  orderId: string | null;
  status: PaymentStatus | null;
  /** The account that bought the order (the giver); null for an order without an account. */
  giverUserId: number | null;
  giverEmail: string | null;
  items: readonly GiftedItem[];
  gift: { recipientEmail: string; givenAt: string } | null;
  claimedBy: number | null;
  /** Checkout asked the giver for the consent to immediate delivery, and whether it was given. */
  consentAsked: boolean;
  consentGiven: boolean;
};

export const initialGiftState: GiftState = {
  orderId: null,
  status: null,
  giverUserId: null,
  giverEmail: null,
  items: [],
  gift: null,
  claimedBy: null,
  consentAsked: false,
  consentGiven: false,
};

export function evolveGift(state: GiftState, event: OrderEvent): GiftState {
  switch (event.type) {
    case 'OrderPlaced':
      return {
        ...state,
        orderId: event.data.orderId,
        status: 'BEFORE_CHECKOUT',
        giverUserId: event.data.buyer.userId,
        giverEmail: event.data.buyer.email,
        consentAsked: event.data.withdrawalConsentAsked === true,
        items: event.data.items.map((item) => ({
          itemType: item.itemType,
          itemId: item.itemId,
          ...(item.skinIds ? { skinIds: [...item.skinIds] } : {}),
        })),
      };
    case 'PaymentSessionOpened':
      return { ...state, status: 'PAYMENT_ON_THE_WAY' };
    case 'PaymentPending':
      return { ...state, status: 'PAYMENT_PENDING' };
    case 'PaymentReceived':
      return { ...state, status: 'PAYMENT_RECEIVED' };
    case 'OrderCancelled':
      return { ...state, status: 'CANCELLED' };
    case 'OrderRefunded':
      return { ...state, status: 'REFUNDED' };
    case 'GiftGiven':
      return { ...state, gift: { recipientEmail: event.data.recipientEmail, givenAt: event.data.givenAt } };
    case 'GiftClaimed':
      return { ...state, claimedBy: event.data.userId };
    case 'WithdrawalConsentGiven':
      return { ...state, consentGiven: true };
    default:
      return state;
  }
}

/**
 * The account that opened a claim link while signed in takes the gift. The API has checked the
 * link (signature, expiry, not used) before; the decider checks the gift.
 */
export type ClaimGift = {
  type: 'ClaimGift';
  /** The signed-in account claiming (never an anonymous guest row). */
  claimantUserId: number;
  linkId: string;
  claimedAt: Date;
};

export type GiftCommand = ClaimGift;

/** The refusal, if any, that an open gift's claim or resend meets now (shared by both). */
function openGiftRefusal(state: GiftState): GiftRefused | null {
  if (state.orderId === null || state.gift === null) {
    return new GiftRefused('GIFT_NOT_FOUND', 'NOT_FOUND', giftMessages.notFound);
  }
  switch (state.status) {
    case 'REFUNDED':
      return new GiftRefused('GIFT_ENDED', 'CONFLICT', giftMessages.ended);
    case 'CANCELLED':
      return new GiftRefused('GIFT_CANCELLED', 'CONFLICT', giftMessages.cancelled);
    case 'PAYMENT_RECEIVED':
      break;
    default:
      return new GiftRefused('GIFT_NOT_PAID', 'CONFLICT', giftMessages.notPaid);
  }
  if (state.claimedBy !== null) {
    return new GiftRefused('GIFT_ALREADY_CLAIMED', 'CONFLICT', giftMessages.alreadyClaimed);
  }
  if (state.consentAsked && !state.consentGiven) {
    return new GiftRefused('GIFT_AWAITS_CONSENT', 'CONFLICT', giftMessages.awaitsConsent);
  }
  return null;
}

export function decideGift(command: GiftCommand, state: GiftState): GiftClaimed[] {
  const refusal = openGiftRefusal(state);
  if (refusal) throw refusal;
  if (state.giverUserId !== null && state.giverUserId === command.claimantUserId) {
    throw new GiftRefused('GIVER_CLAIMS', 'FORBIDDEN', giftMessages.giverClaims);
  }
  return [
    {
      type: 'GiftClaimed',
      data: {
        orderId: state.orderId!,
        userId: command.claimantUserId,
        linkId: command.linkId,
        items: state.items.map((item) => ({
          ...item,
          ...(item.skinIds ? { skinIds: [...item.skinIds] } : {}),
        })),
        claimedAt: command.claimedAt.toISOString(),
      },
    },
  ];
}

export const giftDecider = { initialState: initialGiftState, decide: decideGift, evolve: evolveGift };

/**
 * Whether the giver may have the claim mail sent again now: only the giver (one of the accounts
 * they speak for), only while the gift is paid, not claimed and not ended. The API adds the rate
 * limit. Throws the refusal.
 */
export function checkGiftResend(state: GiftState, giverAccountIds: readonly number[]): void {
  if (state.giverUserId === null || !giverAccountIds.includes(state.giverUserId)) {
    throw new GiftRefused('NOT_THE_GIVER', 'NOT_FOUND', giftMessages.notTheGiver);
  }
  const refusal = openGiftRefusal(state);
  if (refusal) throw refusal;
}

/**
 * Whether the recipient's mail with the claim link is due: the gift is paid, open, and its delivery
 * may start. Delivery of a gift starts with that mail, so it waits for the giver's consent to
 * immediate delivery when checkout asked for it and the giver left it out: until then the giver
 * keeps the right of withdrawal (Consumer Rights Directive 2011/83/EU, Art. 16(m)), and the
 * recipient never holds a gift whose files would not download.
 */
export function giftMailDue(state: GiftState): boolean {
  return (
    state.gift !== null &&
    state.status === 'PAYMENT_RECEIVED' &&
    state.claimedBy === null &&
    (!state.consentAsked || state.consentGiven)
  );
}

/**
 * The GiftGiven a checkout with "This is a gift" records beside OrderPlaced. A gift to the buyer's
 * own address is refused: it would only be a purchase that hides whose it is.
 */
export function giftGivenFor(input: {
  orderId: string;
  buyer: { userId: number | null; email: string };
  gift: GiftRequest;
  placedAt: Date;
}): GiftGiven {
  const recipientEmail = input.gift.recipientEmail.trim();
  if (recipientEmail.toLowerCase() === input.buyer.email.trim().toLowerCase()) {
    throw new GiftRefused('GIFT_TO_SELF', 'BAD_USER_INPUT', giftMessages.toYourself, 'gift.recipientEmail');
  }
  return {
    type: 'GiftGiven',
    data: {
      orderId: input.orderId,
      giverUserId: input.buyer.userId,
      recipientEmail,
      note: input.gift.note,
      givenAt: input.placedAt.toISOString(),
    },
  };
}

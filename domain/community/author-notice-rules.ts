import { formatMoney } from '../money';
import type { ItemRestored, ItemTakenDown } from '../moderation/item-moderation.decider';
import type { PayoutMethod, PayoutSent } from '../payouts/payout.events';
import { itemLink, type NotificationDraft } from './notification-rules';

/**
 * What an author is told about their own work (docs/community.md, "Notifications"): a skin or
 * bundle of theirs taken down or restored by an admin, a payout of theirs sent. Pure: the
 * notifications projection and the author-notice mails look up the author, the item's name and
 * page, and the payout's author; these rules word the notice.
 */

export type ModeratedItem = {
  itemType: 'SKIN' | 'BUNDLE';
  itemId: number;
  authorId: number;
  name: string;
  url: string | null;
};

/** Where an author sees one of their payouts. */
export const payoutLink = (payoutId: number) => `/me/payouts/${payoutId}`;

const what = (item: ModeratedItem) => (item.itemType === 'SKIN' ? item.name : `Bundle ${item.name}`);

/** TAKEN_DOWN: the item's author, with the admin's reason (the page stays visible to them). */
export function takedownNotification(fact: ItemTakenDown['data'], item: ModeratedItem): NotificationDraft {
  const reason = fact.reason.trim();
  return {
    userId: item.authorId,
    kind: 'TAKEN_DOWN',
    itemType: item.itemType,
    itemId: item.itemId,
    message: `${what(item)} was taken down${reason ? `: ${reason}` : ''}`,
    link: itemLink(item.itemType, item.url),
  };
}

/** RESTORED: the item's author, when an admin brings it back to everyone. */
export function restoreNotification(_fact: ItemRestored['data'], item: ModeratedItem): NotificationDraft {
  return {
    userId: item.authorId,
    kind: 'RESTORED',
    itemType: item.itemType,
    itemId: item.itemId,
    message: `${what(item)} is visible to everyone again`,
    link: itemLink(item.itemType, item.url),
  };
}

/** Where a payout went, in words an author recognises: "your bank account" or "your PayPal account". */
export function destinationText(method: PayoutMethod): string {
  return method === 'PAYPAL' ? 'your PayPal account' : 'your bank account';
}

/** PAYOUT_SENT: the payout's author, with its amount and where it went. */
export function payoutSentNotification(fact: PayoutSent['data'], authorId: number): NotificationDraft {
  return {
    userId: authorId,
    kind: 'PAYOUT_SENT',
    itemType: null,
    itemId: null,
    message: `Payout ${fact.payoutId} sent: ${formatMoney(fact.amountCents)} to ${destinationText(fact.destination.method)}`,
    link: payoutLink(fact.payoutId),
  };
}

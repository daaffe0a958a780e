/**
 * The position to mark read up to for the notifications shown: the highest one. The list is in date
 * order, and a fact recorded late with an earlier date has a higher position than those above it.
 */
export function latestPosition(notifications: readonly { position: number }[] | undefined): number | null {
  if (!notifications || notifications.length === 0) return null;
  return Math.max(...notifications.map((notification) => notification.position));
}

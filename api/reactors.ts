import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logger';
import type { Reactor } from '../infra/projection-engine/projection';
import { orderMailsReactor } from './mail/order-mails.reactor';
import { payoutAllocationReactor } from './payouts/payout-allocation.reactor';

/** The reactors the catch-up runner feeds beside the projections (never rebuilt by `npm run replay`). */
export function reactors(deps: { store: EventStore; log: Logger }): Reactor[] {
  return [payoutAllocationReactor(deps), orderMailsReactor(deps)];
}

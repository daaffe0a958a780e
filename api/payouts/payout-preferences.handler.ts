import {
  PAYOUT_PREFERENCES_STREAM_TYPE,
  payoutPreferencesDecider,
  payoutPreferencesEventSchemaVersions,
  payoutPreferencesStreamId,
  type PayoutPreferences,
  type PayoutPreferencesEvent,
} from '../../domain/payouts/payout-preferences';
import type { Backdated } from '../../infra/event-store/backdating';
import { handleCommand, type StreamKind } from '../../infra/event-store/command-handler';
import type { EventMetadata } from '../../infra/event-store/event-store';
import type { AppContext } from '../app-context';

const payoutPreferencesStream: StreamKind<PayoutPreferencesEvent> = {
  streamType: PAYOUT_PREFERENCES_STREAM_TYPE,
  schemaVersions: payoutPreferencesEventSchemaVersions,
};

/**
 * An author changes their payout preferences: decided on their stream and appended (the inline
 * projection updates `payout_preferences` in the same transaction, so the next scheduled lock and
 * the pages read it at once). Returns the preferences in force afterwards.
 */
export async function changePayoutPreferences(
  deps: Pick<AppContext, 'pool' | 'store' | 'now'>,
  command: {
    authorId: number;
    preferences: PayoutPreferences;
    metadata: EventMetadata;
    occurredAt?: Backdated;
  },
): Promise<PayoutPreferences> {
  const result = await handleCommand(
    deps,
    {
      streamId: payoutPreferencesStreamId(command.authorId),
      kind: payoutPreferencesStream,
      decider: payoutPreferencesDecider,
    },
    {
      type: 'ChangePayoutPreferences',
      authorId: command.authorId,
      preferences: command.preferences,
      changedAt: command.occurredAt ?? deps.now(),
    },
    { metadata: command.metadata, ...(command.occurredAt ? { occurredAt: command.occurredAt } : {}) },
  );
  return result.state.preferences;
}

import { DomainError } from '../errors';
import type { ModeratedItemType, ReportReason } from './moderation.schemas';
import type { TermsGround } from './terms-grounds';

/** One item's reports and takedowns: stream `moderation-{skin|bundle|comment}-{id}`, type `item-moderation`. */
export const ITEM_MODERATION_STREAM_TYPE = 'item-moderation';
export const itemModerationStreamId = (itemType: ModeratedItemType, itemId: number) =>
  `moderation-${itemType.toLowerCase()}-${itemId}`;

type ItemRef = { itemType: ModeratedItemType; itemId: number };

/** A signed-in user reported the item. */
export type ItemReported = {
  type: 'ItemReported';
  data: ItemRef & { reporterId: number; reason: ReportReason; text: string; reportedAt: string };
};
/**
 * An admin took the item down (a skin or bundle hidden from everyone but its author and admins, a
 * comment removed); the open reports it answers are upheld with it.
 */
export type ItemTakenDown = {
  type: 'ItemTakenDown';
  data: ItemRef & {
    reason: string;
    upheldReporterIds: number[];
    takenDownAt: string;
    /**
     * The rule of the terms the admin named, and who made the item (the person the statement of
     * reasons goes to). Takedowns recorded before statements of reasons lack both: no statement.
     */
    ground?: TermsGround;
    authorId?: number;
  };
};
/** An admin brought a taken-down item back. */
export type ItemRestored = {
  type: 'ItemRestored';
  data: ItemRef & { reason: string | null; restoredAt: string };
};
/** An admin found nothing wrong in the open reports: the item stays. */
export type ReportsDismissed = {
  type: 'ReportsDismissed';
  data: ItemRef & { reporterIds: number[]; note: string | null; dismissedAt: string };
};

export type ItemModerationEvent = ItemReported | ItemTakenDown | ItemRestored | ReportsDismissed;
export const ITEM_MODERATION_EVENT_TYPES: readonly ItemModerationEvent['type'][] = [
  'ItemReported',
  'ItemTakenDown',
  'ItemRestored',
  'ReportsDismissed',
];
export const itemModerationSchemaVersions: Record<ItemModerationEvent['type'], number> = {
  ItemReported: 1,
  ItemTakenDown: 1,
  ItemRestored: 1,
  ReportsDismissed: 1,
};

export type ItemModerationState = {
  takenDown: boolean;
  /** Everyone who ever reported the item: a user reports an item once. */
  reporters: ReadonlySet<number>;
  /** Reports no admin has answered yet, in the order they came. */
  openReporters: readonly number[];
};

export const initialItemModerationState: ItemModerationState = {
  takenDown: false,
  reporters: new Set(),
  openReporters: [],
};

export function evolveItemModeration(
  state: ItemModerationState,
  event: ItemModerationEvent,
): ItemModerationState {
  switch (event.type) {
    case 'ItemReported':
      return {
        ...state,
        reporters: new Set([...state.reporters, event.data.reporterId]),
        openReporters: [...state.openReporters, event.data.reporterId],
      };
    case 'ItemTakenDown':
      return { ...state, takenDown: true, openReporters: [] };
    case 'ItemRestored':
      return { ...state, takenDown: false };
    case 'ReportsDismissed':
      return { ...state, openReporters: [] };
  }
}

/**
 * What the handler found about the item before deciding (the item's rows are not events). The admin
 * who acts is the events' actor (metadata), as for every other admin step.
 */
type ItemFacts = ItemRef & { now: string };

export type ItemModerationCommand =
  | (ItemFacts & {
      kind: 'report';
      reporterId: number;
      /** Who wrote or made the item: nobody reports their own work. */
      itemAuthorId: number;
      reason: ReportReason;
      text: string;
    })
  | (ItemFacts & { kind: 'take-down'; reason: string; ground?: TermsGround; authorId?: number })
  | (ItemFacts & { kind: 'restore'; reason: string | null })
  | (ItemFacts & { kind: 'dismiss-reports'; note: string | null });

const noun = (itemType: ModeratedItemType) => itemType.toLowerCase();

export function decideItemModeration(
  command: ItemModerationCommand,
  state: ItemModerationState,
): ItemModerationEvent[] {
  const item = { itemType: command.itemType, itemId: command.itemId };
  switch (command.kind) {
    case 'report':
      if (command.reporterId === command.itemAuthorId) {
        throw new DomainError('FORBIDDEN', `You cannot report your own ${noun(command.itemType)}.`);
      }
      if (state.reporters.has(command.reporterId)) {
        throw new DomainError('CONFLICT', `You already reported this ${noun(command.itemType)}.`);
      }
      if (state.takenDown) {
        throw new DomainError('NOT_FOUND', `This ${noun(command.itemType)} was already removed.`);
      }
      return [
        {
          type: 'ItemReported',
          data: {
            ...item,
            reporterId: command.reporterId,
            reason: command.reason,
            text: command.text,
            reportedAt: command.now,
          },
        },
      ];
    case 'take-down':
      if (state.takenDown) {
        throw new DomainError('CONFLICT', `This ${noun(command.itemType)} is already taken down.`);
      }
      return [
        {
          type: 'ItemTakenDown',
          data: {
            ...item,
            reason: command.reason,
            upheldReporterIds: [...state.openReporters],
            takenDownAt: command.now,
            ...(command.ground ? { ground: command.ground } : {}),
            ...(command.authorId === undefined ? {} : { authorId: command.authorId }),
          },
        },
      ];
    case 'restore':
      if (!state.takenDown) {
        throw new DomainError('CONFLICT', `This ${noun(command.itemType)} is not taken down.`);
      }
      return [
        {
          type: 'ItemRestored',
          data: { ...item, reason: command.reason, restoredAt: command.now },
        },
      ];
    case 'dismiss-reports':
      if (state.openReporters.length === 0) {
        throw new DomainError('CONFLICT', `This ${noun(command.itemType)} has no open reports.`);
      }
      return [
        {
          type: 'ReportsDismissed',
          data: {
            ...item,
            reporterIds: [...state.openReporters],
            note: command.note,
            dismissedAt: command.now,
          },
        },
      ];
  }
}

export const itemModerationDecider = {
  initialState: initialItemModerationState,
  decide: decideItemModeration,
  evolve: evolveItemModeration,
};

import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { reportReasonLabels } from '../../../../../domain/moderation/moderation.schemas';
import type { ModerationLogQuery } from '../../../shared/graphql/generated/graphql';
import { adminMessages } from '../admin-moderation.messages';
import { fullBadgeStyles } from '../../../shared/admin-list/admin-list-parts';

const texts = adminMessages.moderation;

export type LogEntry = ModerationLogQuery['moderationLog']['content'][number];

/** The action in words; a comment is removed rather than taken down. */
export function actionName(entry: Pick<LogEntry, 'action' | 'itemType'>): string {
  if (entry.action === 'ItemTakenDown' && entry.itemType === 'COMMENT') return texts.commentTakenDown;
  return texts.actionNames[entry.action] ?? entry.action;
}

const actionColors: Record<string, string> = {
  ItemReported: 'yellow',
  ItemTakenDown: 'red',
  ItemRestored: 'teal',
  ReportsDismissed: 'gray',
  AccountBlocked: 'red',
  AccountUnblocked: 'teal',
  DecisionAppealed: 'yellow',
  AppealDecided: 'blue',
};

export function ActionBadge({ entry }: { entry: Pick<LogEntry, 'action' | 'itemType'> }) {
  return (
    <Badge
      styles={fullBadgeStyles}
      variant={entry.action === 'ItemReported' ? 'filled' : 'light'}
      color={actionColors[entry.action] ?? 'gray'}
      radius="sm"
    >
      {actionName(entry)}
    </Badge>
  );
}

/** A report's reason is stored as its code: shown with the report form's label. */
export function entryReason(entry: Pick<LogEntry, 'action' | 'reason'>): string | null {
  if (!entry.reason) return null;
  if (entry.action === 'ItemReported' && entry.reason in reportReasonLabels)
    return reportReasonLabels[entry.reason as keyof typeof reportReasonLabels];
  return entry.reason;
}

/** Who acted: the admin, or the user who reported (a link to their author page). */
export function EntryActor({ entry }: { entry: Pick<LogEntry, 'actor'> }) {
  if (!entry.actor) return <Text size="sm">{texts.system}</Text>;
  return (
    <Anchor component={Link} to={`/authors/${entry.actor.url}`} size="sm" fw={600}>
      {entry.actor.username}
    </Anchor>
  );
}

/** The item: its kind and label, linked to its page when it has one. */
export function EntryItem({ entry }: { entry: Pick<LogEntry, 'itemType' | 'itemLabel' | 'itemUrl'> }) {
  const kind = texts.kindTitles[entry.itemType] ?? entry.itemType;
  const label = entry.itemLabel ?? texts.deletedItem;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="xs" c="dimmed" tt="uppercase" fw={700} mr={6}>
        {kind}
      </Text>
      {entry.itemUrl ? (
        <Anchor component={Link} to={entry.itemUrl} inherit>
          {label}
        </Anchor>
      ) : (
        label
      )}
    </Text>
  );
}

/** A takedown's, removal's or block's statement of reasons, under its reason. */
export function StatementLine({ entry }: { entry: Pick<LogEntry, 'statement'> }) {
  if (!entry.statement) return null;
  return (
    <Text size="xs" c="dimmed">
      {adminMessages.history.statementSent(entry.statement.groundRule)}
    </Text>
  );
}

import {
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconChecks,
  IconChevronDown,
  IconCircleCheck,
  IconFlag,
  IconHistory,
  IconPhoto,
  IconShieldX,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { reportReasonLabels } from '../../../../../domain/moderation/moderation.schemas';
import type { ReportReason as DomainReportReason } from '../../../../../domain/moderation/moderation.schemas';
import { formatDateTime } from '../../../shared/format';
import type { ReportedItemsQuery as ReportedItemsResult } from '../../../shared/graphql/generated/graphql';
import { AdminListLayout } from '../../../shared/admin-list/admin-list-layout';
import { useAdminListAnswer } from '../../../shared/admin-list/use-admin-list';
import { PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import { fullBadgeStyles, strongButton } from '../../../shared/admin-list/admin-list-parts';
import { CommentedItem, CommentText, CommentWriter } from '../components/comment-parts';
import { CatalogueItemStatus, CommentStatus, TruncatedAuthor } from '../components/moderation-status';
import classes from '../../../shared/admin-list/admin-list.module.css';
import { keyOf, shortLabel, useModerationActions } from '../hooks/use-moderation-actions';
import type { ModerationActions, ModerationTarget } from '../hooks/use-moderation-actions';
import { ReportedItemsQuery } from '../lib/moderation.documents';

const page = adminMessages.reports;
const texts = adminMessages.moderation;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;

type Item = ReportedItemsResult['reportedItems']['content'][number];
type Report = Item['reports'][number];
type View = 'open' | 'all';

const reasonLabel = (reason: string) => reportReasonLabels[reason as DomainReportReason] ?? reason;

const statusColors: Record<string, string> = { OPEN: 'yellow', UPHELD: 'red', DISMISSED: 'gray' };

/** What the item is called in a modal, a toast and an action's name. */
function labelOf(item: Item): string {
  if (item.skin) return item.skin.title;
  if (item.bundle) return item.bundle.title;
  if (item.comment) return shortLabel(item.comment.text);
  return `${texts.kindTitles[item.itemType]} ${item.itemId}`;
}

const targetOf = (item: Item): ModerationTarget => ({
  itemType: item.itemType,
  itemId: item.itemId,
  label: labelOf(item),
});
const whatOf = (item: Item) => page.itemLabel(texts.kinds[item.itemType] ?? '', labelOf(item));

function Thumbnail({ src, alt }: { src: string | null | undefined; alt: string }) {
  return src ? (
    <img
      src={src}
      alt={alt}
      className={classes.preview}
      width={96}
      height={54}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <div className={classes.preview} role="img" aria-label={alt}>
      <IconPhoto size={20} stroke={1.4} aria-hidden />
    </div>
  );
}

/** The reported thing itself: a skin or bundle with its picture, or the comment with its item. */
function ReportedThing({ item }: { item: Item }) {
  const catalogue = item.skin
    ? { row: item.skin, to: `/skins/${item.skin.url}` }
    : item.bundle
      ? { row: item.bundle, to: `/bundles/${item.bundle.url}` }
      : null;
  if (catalogue) {
    const { row, to } = catalogue;
    return (
      <div className={classes.cardTop}>
        <Thumbnail src={row.thumbnail?.cardUrl} alt={adminMessages.skins.pictureAlt(row.title)} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Anchor component={Link} to={to} className={classes.title}>
            {row.title}
          </Anchor>
          <TruncatedAuthor username={row.author.username} url={row.author.url} />
          <CatalogueItemStatus item={row} />
        </Stack>
      </div>
    );
  }
  if (item.comment) {
    return (
      <Stack gap={6}>
        <CommentWriter author={item.comment.author} />
        <div className={classes.quote}>
          <CommentText text={item.comment.text} lineClamp={8} />
        </div>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {page.commentOn}
          </Text>
          <CommentedItem comment={item.comment} />
        </Group>
        <CommentStatus comment={item.comment} />
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {page.gone}
    </Text>
  );
}

function ReportEntry({ report }: { report: Report }) {
  return (
    <Stack gap={4} component="li" className={classes.card} p="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={8} wrap="wrap">
          {report.reporter ? (
            <Anchor component={Link} to={`/authors/${report.reporter.url}`} size="sm" fw={600}>
              {report.reporter.username}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {page.unknownReporter}
            </Text>
          )}
          <Badge
            styles={fullBadgeStyles}
            variant={report.status === 'OPEN' ? 'filled' : 'light'}
            color={statusColors[report.status] ?? 'gray'}
            radius="sm"
            size="sm"
          >
            {page.statuses[report.status] ?? report.status}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          <time dateTime={report.reportedAt}>{formatDateTime(report.reportedAt)}</time>
        </Text>
      </Group>
      <Text size="sm" fw={600}>
        {reasonLabel(report.reason)}
      </Text>
      {report.text ? (
        <Text size="sm" className={classes.commentText}>
          {report.text}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {page.noText}
        </Text>
      )}
      {report.resolvedAt ? (
        <Stack gap={0} mt={2}>
          <Text size="xs" c="dimmed">
            {page.resolved(report.resolvedBy?.username ?? null, formatDateTime(report.resolvedAt))}
          </Text>
          {report.note ? (
            <Text size="xs" className={classes.commentText}>
              {report.note}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function ItemActions({ item, actions }: { item: Item; actions: ModerationActions }) {
  const target = targetOf(item);
  const what = whatOf(item);
  const busy = actions.pending.has(keyOf(target));
  const exists = Boolean(item.skin || item.bundle || item.comment);
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={texts.actions.group(what)}>
      {item.openReports > 0 && exists ? (
        <>
          <Button
            size="sm"
            color="red.9"
            leftSection={<IconShieldX size={16} aria-hidden />}
            loading={busy}
            onClick={() => actions.takeDown(target)}
            aria-label={texts.actions.label(texts.actions.remove, what)}
          >
            {texts.actions.remove}
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            disabled={busy}
            onClick={() => actions.dismiss(target)}
            aria-label={texts.actions.label(texts.actions.dismiss, what)}
          >
            {texts.actions.dismiss}
          </Button>
        </>
      ) : item.takedown && exists ? (
        <Button
          size="sm"
          variant="light"
          color="teal"
          {...strongButton('teal')}
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          loading={busy}
          onClick={() => actions.restore(target)}
          aria-label={texts.actions.label(texts.actions.restore, what)}
        >
          {texts.actions.restore}
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="subtle"
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => actions.showHistory({ ...target })}
        aria-label={texts.actions.label(texts.actions.history, what)}
      >
        {texts.actions.history}
      </Button>
    </Group>
  );
}

function ReportedItemCard({ item, actions }: { item: Item; actions: ModerationActions }) {
  const [opened, reports] = useDisclosure(false);
  const titleId = useId();
  const listId = useId();
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={8} wrap="wrap">
            <Title order={2} fz="sm" tt="uppercase" c="dimmed" id={titleId}>
              {texts.kindTitles[item.itemType]}
              <VisuallyHidden> {labelOf(item)}</VisuallyHidden>
            </Title>
            {item.openReports > 0 ? (
              <Badge
                styles={fullBadgeStyles}
                color="yellow"
                variant="filled"
                radius="sm"
                leftSection={<IconFlag size={12} aria-hidden />}
              >
                {page.open(item.openReports)}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {page.totalReports(item.totalReports)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {page.lastReport(formatDateTime(item.lastReportedAt))}
          </Text>
        </Group>

        <ReportedThing item={item} />

        <Group gap={6} wrap="wrap" aria-label={page.reasonsLabel} role="list">
          {item.reasons.map((reason) => (
            <Badge
              styles={fullBadgeStyles}
              key={reason.reason}
              variant="default"
              radius="sm"
              role="listitem"
              tt="none"
              leftSection={<IconFlag size={12} aria-hidden />}
            >
              {page.reasonCount(reasonLabel(reason.reason), reason.count)}
            </Badge>
          ))}
        </Group>

        <Group justify="space-between" gap="xs" wrap="wrap">
          <ItemActions item={item} actions={actions} />
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            onClick={reports.toggle}
            aria-expanded={opened}
            aria-controls={listId}
            rightSection={
              <IconChevronDown
                size={14}
                aria-hidden
                style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
              />
            }
          >
            {opened ? page.hideReports(item.reports.length) : page.showReports(item.reports.length)}
          </Button>
        </Group>
        <Collapse expanded={opened} id={listId}>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {item.reports.map((report, index) => (
              <ReportEntry key={`${report.reporter?.id ?? 'gone'}-${index}`} report={report} />
            ))}
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}

/**
 * The reports queue: items with open reports, most reported first (or every reported item), each
 * with its reasons and reports, and Remove or Dismiss (20 a page).
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'all' ? 'all' : 'open';
  const [pageNumber, setPageNumber] = useState(1);
  const actions = useModerationActions();
  const [result, refetch] = useQuery({
    query: ReportedItemsQuery,
    variables: { status: view === 'open' ? 'OPEN' : null, page: { page: pageNumber - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  const answer = useAdminListAnswer('reportedItems', result.data?.reportedItems, { result, refetch }, view);
  // The queue is clear only when the query for this view really answered no item.
  const answeredNone = result.data?.reportedItems.content.length === 0;

  const changeView = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.set('view', 'all');
    else next.delete('view');
    setParams(next, { replace: true });
    setPageNumber(1);
  };

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <AdminListLayout
        view={{
          label: page.view,
          value: view,
          options: [
            { value: 'open', label: page.viewOpen },
            { value: 'all', label: page.viewAll },
          ],
          onChange: changeView,
        }}
        total={page.total}
        answer={answer}
        failed={page.failed}
        skeleton={{ label: page.loading, rows: 3, height: 140 }}
        framing="card-each"
        settling={!answeredNone}
        empty={{
          icon: view === 'open' ? <IconChecks stroke={1.5} /> : <IconFlag stroke={1.5} />,
          title: view === 'open' ? page.clearTitle : undefined,
          message: view === 'open' ? page.clear : page.emptyAll,
        }}
        rows={answer.list?.content.map((item) => (
          <ReportedItemCard key={`${item.itemType}-${item.itemId}`} item={item} actions={actions} />
        ))}
        pagination={{ label: page.pagination, value: pageNumber, onChange: setPageNumber }}
      />
    </PageContainer>
  );
}

import { Group, Table, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { formatDate, formatDateTime } from '../../../shared/format';
import type { AdminCommentRowFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import { AdminListLayout } from '../../../shared/admin-list/admin-list-layout';
import { useAdminListAnswer } from '../../../shared/admin-list/use-admin-list';
import { CommentedItem, CommentText, CommentWriter } from '../components/comment-parts';
import { CommentStatus, ModerationButtons } from '../components/moderation-status';
import classes from '../../../shared/admin-list/admin-list.module.css';
import { shortLabel, useModerationActions } from '../hooks/use-moderation-actions';
import type { ModerationActions, ModerationTarget } from '../hooks/use-moderation-actions';
import { AdminCommentsQuery } from '../lib/moderation.documents';

const page = adminMessages.comments;
const columns = page.columns;

/** Spec 7.2: admin lists show 20 a page. */
const PAGE_SIZE = 20;

type Comment = AdminCommentRowFieldsFragment;
type Filter = 'all' | 'removed';

const targetOf = (comment: Comment): ModerationTarget => ({
  itemType: 'COMMENT',
  itemId: comment.id,
  label: shortLabel(comment.text),
});
const whatOf = (comment: Comment) =>
  `${adminMessages.moderation.kinds.COMMENT} “${shortLabel(comment.text)}”`;

function CommentsTable({ comments, actions }: { comments: Comment[]; actions: ModerationActions }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.comment}</Table.Th>
            <Table.Th>{columns.writer}</Table.Th>
            <Table.Th>{columns.on}</Table.Th>
            <Table.Th>{columns.date}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
            <Table.Th>{columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {comments.map((comment) => (
            <Table.Tr key={comment.id} className={comment.removal ? classes.removed : undefined}>
              <Table.Td maw={320}>
                <CommentText text={comment.text} />
              </Table.Td>
              <Table.Td maw={170}>
                <CommentWriter author={comment.author} />
              </Table.Td>
              <Table.Td maw={180}>
                <CommentedItem comment={comment} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <Text size="sm">
                  <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
                    {formatDate(comment.createdAt)}
                  </time>
                </Text>
              </Table.Td>
              <Table.Td>
                <CommentStatus comment={comment} />
              </Table.Td>
              <Table.Td w={130}>
                <ModerationButtons
                  target={targetOf(comment)}
                  takenDown={Boolean(comment.removal)}
                  actions={actions}
                  what={whatOf(comment)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CommentCards({ comments, actions }: { comments: Comment[]; actions: ModerationActions }) {
  return (
    <ul className={classes.cards}>
      {comments.map((comment) => (
        <li key={comment.id} className={`${classes.card} ${comment.removal ? classes.removed : ''}`}>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <CommentWriter author={comment.author} />
            <Text size="xs" c="dimmed" className={classes.nowrap}>
              <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
            </Text>
          </Group>
          <CommentText text={comment.text} />
          <CommentedItem comment={comment} />
          <CommentStatus comment={comment} />
          <ModerationButtons
            target={targetOf(comment)}
            takenDown={Boolean(comment.removal)}
            actions={actions}
            what={whatOf(comment)}
          />
        </li>
      ))}
    </ul>
  );
}

/** Every comment, removed ones included, newest first, 20 a page (spec 2.13), with Remove and Restore. */
export function CommentsPage() {
  const [pageNumber, setPageNumber] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const actions = useModerationActions();
  const [result, refetch] = useQuery({
    query: AdminCommentsQuery,
    variables: { page: { page: pageNumber - 1, size: PAGE_SIZE }, removedOnly: filter === 'removed' },
    requestPolicy: 'cache-and-network',
  });
  const answer = useAdminListAnswer('allComments', result.data?.allComments, { result, refetch }, filter);
  const list = answer.list;

  return (
    <PageContainer title={page.title} eyebrow={adminMessages.eyebrow} description={page.description}>
      <AdminListLayout
        view={{
          label: page.filter,
          value: filter,
          options: [
            { value: 'all', label: page.filterAll },
            { value: 'removed', label: page.filterRemoved },
          ],
          onChange: (value) => {
            setFilter(value);
            setPageNumber(1);
          },
        }}
        total={page.total}
        answer={answer}
        failed={page.failed}
        skeleton={{ label: page.loading }}
        empty={{
          icon: <IconMessages stroke={1.5} />,
          message: filter === 'removed' ? page.emptyRemoved : page.empty,
        }}
        rows={
          list && {
            from: 'md',
            table: <CommentsTable comments={list.content} actions={actions} />,
            cards: <CommentCards comments={list.content} actions={actions} />,
          }
        }
        pagination={{ label: page.pagination, value: pageNumber, onChange: setPageNumber }}
      />
    </PageContainer>
  );
}

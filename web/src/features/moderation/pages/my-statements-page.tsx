import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { formatDate } from '../../../shared/format';
import type { StatementFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import { AppealForm } from '../components/appeal-form';
import { StatementCard } from '../components/statement-card';
import { AppealDecisionMutation, MyStatementsQuery } from '../lib/statements.documents';

const texts = adminMessages.statements;
const PAGE_SIZE = 20;

/** The appeal of one statement, signed in. */
function MyAppealForm({ statement, onDone }: { statement: StatementFieldsFragment; onDone: () => void }) {
  const [, appeal] = useMutation(AppealDecisionMutation);
  const send = async (text: string) => {
    const result = await appeal(
      { statementId: statement.id, text },
      { additionalTypenames: ['StatementOfReasons'] },
    );
    if (result.data?.appealDecision.success) {
      notifications.show({ color: 'teal', message: texts.appealSent });
      onDone();
      return null;
    }
    return (result.error ? graphqlFailureOf(result.error).message : null) ?? texts.appealFailed;
  };
  return <AppealForm send={send} onCancel={onDone} />;
}

function StatementWithAppeal({ statement }: { statement: StatementFieldsFragment }) {
  const [open, setOpen] = useState(false);
  let action = null;
  if (statement.canAppeal) {
    action = open ? (
      <MyAppealForm statement={statement} onDone={() => setOpen(false)} />
    ) : (
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{texts.appealUntil(formatDate(statement.appealUntil))}</Text>
        <Button
          onClick={() => setOpen(true)}
          aria-label={`${texts.appealButton}: ${statement.itemLabel ?? ''}`}
        >
          {texts.appealButton}
        </Button>
      </Group>
    );
  } else if (!statement.appeal) {
    action = (
      <Text size="sm" c="dimmed">
        {texts.appealClosed}
      </Text>
    );
  }
  return <StatementCard statement={statement}>{action}</StatementCard>;
}

/**
 * The signed-in person's statements of reasons (Digital Services Act Art. 17), newest first, each
 * with its appeal (Art. 20): the appeal form while one can appeal, then the appeal and its answer.
 */
export function MyStatementsPage() {
  const [page, setPage] = useState(1);
  const [result, refetch] = useQuery({
    query: MyStatementsQuery,
    variables: { page: { page: page - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  const statements = result.data?.myStatements;

  let content;
  if (statements && statements.content.length > 0) {
    content = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {texts.total(statements.pageInfo.totalElements)}
        </Text>
        {statements.content.map((statement) => (
          <StatementWithAppeal key={statement.id} statement={statement} />
        ))}
      </Stack>
    );
  } else if (statements) {
    content = (
      <Card withBorder>
        <EmptyState icon={<IconScale stroke={1.5} />} message={texts.empty} title={null} />
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError message={texts.failed} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
    );
  } else {
    content = <Skeleton height={220} radius="md" aria-label={texts.loading} />;
  }

  return (
    <PageContainer title={texts.title} description={texts.description}>
      <Stack gap="md">
        <Alert variant="light" color="gray" icon={<IconScale size={18} />}>
          <Anchor component={Link} to="/terms-of-service#moderation" size="sm">
            {texts.howItWorks}
          </Anchor>
        </Alert>
        {content}
        {statements && statements.pageInfo.totalPages > 1 ? (
          <ListPagination
            label={texts.pagination}
            total={statements.pageInfo.totalPages}
            value={page}
            onChange={setPage}
          />
        ) : null}
      </Stack>
    </PageContainer>
  );
}

import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconScale } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { APPEAL_TEXT_MAX, appealText } from '../../../../../domain/moderation/appeal.decider';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { formatDate } from '../../../shared/format';
import type { StatementFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import { StatementCard } from '../components/statement-card';
import { AppealDecisionMutation, MyStatementsQuery } from '../lib/statements.documents';

const texts = adminMessages.statements;
const PAGE_SIZE = 20;
const appealSchema = z.object({ text: appealText });
const validateAppeal = zod4Resolver(appealSchema, { errorPriority: 'first' });

/** The appeal form: one appeal per decision, 10 to 2,000 characters. */
function AppealForm({ statement, onDone }: { statement: StatementFieldsFragment; onDone: () => void }) {
  const [, appeal] = useMutation(AppealDecisionMutation);
  const [sending, setSending] = useState(false);
  const form = useForm<{ text: string }>({
    initialValues: { text: '' },
    validate: validateAppeal,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const submit = async (values: { text: string }) => {
    setSending(true);
    const result = await appeal(
      { statementId: statement.id, text: appealSchema.parse(values).text },
      { additionalTypenames: ['StatementOfReasons'] },
    );
    setSending(false);
    if (result.data?.appealDecision.success) {
      notifications.show({ color: 'teal', message: texts.appealSent });
      onDone();
      return;
    }
    const failure = result.error ? graphqlFailureOf(result.error) : null;
    form.setFieldError('text', failure?.message ?? texts.appealFailed);
  };
  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Textarea
          label={texts.appealLabel}
          description={`${texts.appealHint} ${form.values.text.length} / ${APPEAL_TEXT_MAX}`}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={APPEAL_TEXT_MAX}
          required
          withAsterisk
          data-autofocus
          autoFocus
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {texts.cancel}
          </Button>
          <Button type="submit" loading={sending}>
            {texts.appealSend}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StatementWithAppeal({ statement }: { statement: StatementFieldsFragment }) {
  const [open, setOpen] = useState(false);
  let action = null;
  if (statement.canAppeal) {
    action = open ? (
      <AppealForm statement={statement} onDone={() => setOpen(false)} />
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

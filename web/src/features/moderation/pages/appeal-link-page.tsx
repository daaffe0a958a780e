import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconScale } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { formatDate } from '../../../shared/format';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import { AppealForm } from '../components/appeal-form';
import { StatementCard } from '../components/statement-card';
import { AppealByLinkMutation, StatementByAppealLinkQuery } from '../lib/statements.documents';

const texts = adminMessages.appealLink;
const statementTexts = adminMessages.statements;

function Problem({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
      {message}
    </Alert>
  );
}

/**
 * /appeal?t={token}: the page of the appeal link mailed with a statement of reasons to a person
 * who cannot sign in (docs/moderation.md). Whoever holds the link reads that one statement and
 * can appeal it once, until the appeal window ends; the server checks the link at every step.
 */
export function AppealLinkPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const [result, refetch] = useQuery({
    query: StatementByAppealLinkQuery,
    variables: { token },
    pause: !token,
    requestPolicy: 'network-only',
  });
  const [, appeal] = useMutation(AppealByLinkMutation);
  const statement = result.data?.statementByAppealLink ?? null;
  const loadFailure = result.error ? graphqlFailureOf(result.error) : null;

  const send = async (text: string) => {
    const answer = await appeal({ token, text }, { additionalTypenames: ['StatementOfReasons'] });
    if (answer.data?.appealByLink.success) {
      refetch({ requestPolicy: 'network-only' });
      return null;
    }
    return (answer.error ? graphqlFailureOf(answer.error).message : null) ?? statementTexts.appealFailed;
  };

  let body;
  if (!token) {
    body = <Problem message={texts.missing} />;
  } else if (loadFailure) {
    body = <Problem message={loadFailure.code === 'NOT_FOUND' ? loadFailure.message : texts.failed} />;
  } else if (!statement) {
    body = <Skeleton height={220} radius="md" aria-label={texts.loading} />;
  } else {
    let action;
    if (statement.appeal?.outcome) {
      // Answered: the card shows the outcome and the admin's reason.
      action = null;
    } else if (statement.appeal) {
      action = (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status">
          {texts.sent}
        </Alert>
      );
    } else if (statement.canAppeal) {
      action = (
        <Stack gap="sm">
          <Text size="sm">{statementTexts.appealUntil(formatDate(statement.appealUntil))}</Text>
          <AppealForm send={send} />
        </Stack>
      );
    } else {
      action = (
        <Text size="sm" c="dimmed">
          {statementTexts.appealClosed}
        </Text>
      );
    }
    body = <StatementCard statement={statement}>{action}</StatementCard>;
  }

  return (
    <PageContainer title={texts.title} description={texts.description}>
      <Stack gap="md">
        <Alert variant="light" color="gray" icon={<IconScale size={18} />}>
          <Anchor component={Link} to="/terms-of-service#moderation" size="sm">
            {statementTexts.howItWorks}
          </Anchor>
        </Alert>
        {body}
      </Stack>
    </PageContainer>
  );
}

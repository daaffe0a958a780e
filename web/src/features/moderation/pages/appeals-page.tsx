import { Anchor, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { formatDate } from '../../../shared/format';
import type { AppealOutcome, AppealsQuery } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { ListLoadError, ListPagination } from '../../../shared/listing';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-moderation.messages';
import { ModerationReasonForm } from '../components/moderation-reason-form';
import { StatementCard } from '../components/statement-card';
import { AppealsQuery as AppealsDocument, DecideAppealMutation } from '../lib/statements.documents';

const texts = adminMessages.appeals;
const PAGE_SIZE = 20;
type Appealed = AppealsQuery['appeals']['content'][number];

/** Everything an answer changes: the appeal, and the item or account a reversal restores. */
const CHANGES = {
  additionalTypenames: [
    'StatementOfReasons',
    'Skin',
    'Bundle',
    'Comment',
    'User',
    'ModerationLogEntry',
    'ReportedItem',
  ],
};

function AppealActions({ statement }: { statement: Appealed }) {
  const [, decide] = useMutation(DecideAppealMutation);
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const who = statement.user?.username ?? '';
  const answer = (outcome: AppealOutcome) => {
    const modalId = `appeal-${statement.id}-${outcome}`;
    modals.open({
      modalId,
      title: outcome === 'REVERSED' ? texts.reverseTitle : texts.upholdTitle,
      centered: true,
      size: 'lg',
      fullScreen: phone,
      children: (
        <ModerationReasonForm
          intro={outcome === 'REVERSED' ? texts.reverseIntro : texts.upholdIntro}
          required
          hint={texts.reasonHint}
          confirmLabel={outcome === 'REVERSED' ? texts.reverse : texts.uphold}
          confirmColor={outcome === 'REVERSED' ? 'teal.9' : 'red.9'}
          onCancel={() => modals.close(modalId)}
          onSubmit={(reason) => {
            modals.close(modalId);
            void (async () => {
              setBusy(true);
              const result = await decide(
                { statementId: statement.id, outcome, reason: reason ?? '' },
                CHANGES,
              );
              setBusy(false);
              if (result.data?.decideAppeal.success) {
                notifications.show({ color: 'teal', message: texts.done });
                return;
              }
              notifications.show({
                color: 'red',
                title: texts.failed2,
                message: result.error ? graphqlFailureOf(result.error).message : texts.failed2,
              });
            })();
          }}
        />
      ),
    });
  };
  return (
    <Group gap="sm" justify="flex-end">
      <Button
        color="red.9"
        variant="filled"
        loading={busy}
        onClick={() => answer('UPHELD')}
        aria-label={`${texts.uphold}: ${who}`}
      >
        {texts.uphold}
      </Button>
      <Button
        color="teal.9"
        loading={busy}
        onClick={() => answer('REVERSED')}
        aria-label={`${texts.reverse}: ${who}`}
      >
        {texts.reverse}
      </Button>
    </Group>
  );
}

/**
 * The admins' queue of appeals (Digital Services Act Art. 20): each appealed statement with the
 * person, the facts, the rule, their words, and Uphold / Reverse; answered appeals in a second view.
 */
export function AppealsPage() {
  const [view, setView] = useState<'OPEN' | 'ANSWERED'>('OPEN');
  const [page, setPage] = useState(1);
  const [result, refetch] = useQuery({
    query: AppealsDocument,
    variables: { status: view, page: { page: page - 1, size: PAGE_SIZE } },
    requestPolicy: 'cache-and-network',
  });
  const appeals = result.data?.appeals;

  let content;
  if (appeals && appeals.content.length > 0) {
    content = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {texts.total(appeals.pageInfo.totalElements)}
        </Text>
        {appeals.content.map((statement) => (
          <StatementCard
            key={statement.id}
            statement={statement}
            forAdmin
            heading={
              statement.user ? (
                <Text size="sm">
                  {texts.person}:{' '}
                  <Anchor component={Link} to={`/authors/${statement.user.url}`} fw={600}>
                    {statement.user.username}
                  </Anchor>
                </Text>
              ) : null
            }
          >
            {statement.appeal?.outcome ? (
              <Text size="xs" c="dimmed">
                {texts.answeredBy(
                  statement.appeal.decidedBy?.username ?? null,
                  statement.appeal.decidedAt ? formatDate(statement.appeal.decidedAt) : '',
                )}
              </Text>
            ) : (
              <AppealActions statement={statement} />
            )}
          </StatementCard>
        ))}
      </Stack>
    );
  } else if (appeals) {
    content = (
      <Card withBorder>
        <EmptyState
          icon={<IconScale stroke={1.5} />}
          message={view === 'OPEN' ? texts.empty : texts.emptyAnswered}
          title={null}
        />
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
    <PageContainer title={texts.title} eyebrow={adminMessages.eyebrow} description={texts.description}>
      <Stack gap="md">
        <Group gap="sm">
          <Text size="sm" id="appeals-view">
            {texts.view}
          </Text>
          <SegmentedControl
            aria-labelledby="appeals-view"
            value={view}
            onChange={(value) => {
              setView(value as 'OPEN' | 'ANSWERED');
              setPage(1);
            }}
            data={[
              { value: 'OPEN', label: texts.viewOpen },
              { value: 'ANSWERED', label: texts.viewAnswered },
            ]}
          />
        </Group>
        {content}
        {appeals ? (
          <ListPagination
            label={texts.pagination}
            total={appeals.pageInfo.totalPages}
            value={page}
            onChange={setPage}
          />
        ) : null}
      </Stack>
    </PageContainer>
  );
}

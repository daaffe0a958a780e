import { Anchor, Button, Card, Group } from '@mantine/core';
import { IconFileDownload, IconWalletOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import type { AdminPayoutQuery as AdminPayoutResult } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { ListLoadError } from '../../../shared/listing';
import { PayoutBreadcrumbs, PayoutDetailSkeleton } from '../../../shared/payouts';
import { PayoutDetails } from '../../../shared/payouts/payout-details';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin.messages';
import { LockButton, MarkFailedButton, SendButton } from '../components/payout-action-buttons';
import { PayoutHistoryTimeline } from '../components/payout-history-timeline';
import { usePayoutActions } from '../hooks/use-payout-actions';
import { AdminPayoutQuery } from '../lib/payouts.documents';

const page = adminMessages.payouts;

type Payout = NonNullable<AdminPayoutResult['payout']>;

function PayoutActions({
  payout,
  actions,
}: {
  payout: Payout;
  actions: ReturnType<typeof usePayoutActions>;
}) {
  return (
    <Group gap="sm" role="group" aria-label={page.actionsLabel(payout.id)}>
      <LockButton payout={payout} actions={actions} size="sm" />
      {payout.payoutStatus === 'LOCKED' && payout.payoutMethod === 'BANK_TRANSFER' ? (
        <Button
          size="sm"
          variant="light"
          leftSection={<IconFileDownload size={16} aria-hidden />}
          loading={actions.exporting}
          onClick={() => void actions.downloadSepa([payout.id])}
        >
          {page.sepa}
        </Button>
      ) : null}
      <SendButton payout={payout} actions={actions} size="sm" />
      <MarkFailedButton payout={payout} actions={actions} size="sm" />
    </Group>
  );
}

/** One author's payout as the admin sees it (/admin/payout/{id}): details, actions and history. */
export function PayoutPage() {
  const { id = '' } = useParams();
  const [result, refetch] = useQuery({
    query: AdminPayoutQuery,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const actions = usePayoutActions({ onExported: () => refetch({ requestPolicy: 'network-only' }) });
  const failure = result.error ? graphqlFailureOf(result.error) : null;
  useEffect(() => {
    if (result.error && failure?.code !== 'NOT_FOUND') console.error('payout failed', result.error);
  }, [result.error, failure?.code]);
  const payout = result.data?.payout;

  let content;
  if (payout) {
    content = (
      <PayoutDetails
        payout={payout}
        audience="admin"
        heading={
          <Anchor component={Link} to={`/authors/${payout.author.url}`} fw={700} size="sm">
            {page.authorLink(payout.author.username)}
          </Anchor>
        }
        actions={<PayoutActions payout={payout} actions={actions} />}
      >
        <PayoutHistoryTimeline entries={payout.history ?? []} />
      </PayoutDetails>
    );
  } else if (failure?.code === 'NOT_FOUND' || (result.data && !payout)) {
    content = (
      <Card withBorder>
        <EmptyState
          icon={<IconWalletOff stroke={1.5} />}
          title={page.notFoundTitle}
          message={page.notFound}
          actions={
            <Button component={Link} to="/admin/payouts" variant="default">
              {page.back}
            </Button>
          }
        />
      </Card>
    );
  } else if (result.error) {
    content = (
      <ListLoadError message={page.detailFailed} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
    );
  } else {
    content = <PayoutDetailSkeleton label={page.loading} />;
  }

  return (
    <PageContainer title={page.detailTitle(id)} eyebrow={adminMessages.eyebrow}>
      <PayoutBreadcrumbs
        label={page.breadcrumb}
        list={{ to: '/admin/payouts', label: page.back }}
        current={page.detailTitle(id)}
      />
      {content}
    </PageContainer>
  );
}

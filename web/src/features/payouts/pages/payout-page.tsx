import { Anchor, Button, Group } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import type { AdminPayoutQuery as AdminPayoutResult } from '../../../shared/graphql/generated/graphql';
import { PayoutBreadcrumbs } from '../components/payout-breadcrumbs';
import { PayoutDetails } from '../components/payout-details';
import { PayoutLoadState } from '../components/payout-load-state';
import { PageContainer } from '../../../shared/ui';
import { adminMessages } from '../admin-payouts.messages';
import {
  DownloadFileButton,
  LockButton,
  MarkFailedButton,
  SendButton,
  WithdrawButton,
} from '../components/payout-action-buttons';
import { PayoutHistoryTimeline } from '../components/payout-history-timeline';
import { usePayoutActions } from '../hooks/use-payout-actions';
import { AdminPayoutQuery } from '../lib/admin-payouts.documents';

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
      {payout.payoutStatus === 'LOCKED' &&
      payout.payoutMethod === 'BANK_TRANSFER' &&
      !payout.exportBatchId ? (
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
      <DownloadFileButton payout={payout} actions={actions} size="sm" />
      <SendButton payout={payout} actions={actions} size="sm" />
      <WithdrawButton payout={payout} actions={actions} size="sm" />
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
  const payout = result.data?.payout;
  const content = payout ? (
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
  ) : (
    <PayoutLoadState
      error={result.error}
      loaded={Boolean(result.data)}
      onRetry={() => refetch({ requestPolicy: 'network-only' })}
      back={{ to: '/admin/payouts', label: page.back }}
      messages={{
        notFoundTitle: page.notFoundTitle,
        notFound: page.notFound,
        failed: page.detailFailed,
        loading: page.loading,
      }}
    />
  );

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

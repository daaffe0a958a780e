import { Button, Card } from '@mantine/core';
import { IconWalletOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { CombinedError } from 'urql';
import { Link } from 'react-router';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { ListLoadError } from '../../../shared/listing';
import { EmptyState } from '../../../shared/ui';
import { PayoutDetailSkeleton } from './payout-detail-skeleton';

/**
 * What a payout page shows until its payout is there: a skeleton while loading, "not found" with a
 * way back (the API answers NOT_FOUND for someone else's payout too), or a retry after a failure.
 * Failures other than not found go to the console only.
 */
export function PayoutLoadState({
  error,
  loaded,
  onRetry,
  back,
  messages,
}: {
  error: CombinedError | undefined;
  /** The query answered (with no payout). */
  loaded: boolean;
  onRetry: () => void;
  back: { to: string; label: string };
  messages: { notFoundTitle: string; notFound: string; failed: string; loading: string };
}) {
  const failure = error ? graphqlFailureOf(error) : null;
  const notFound = failure?.code === 'NOT_FOUND' || (loaded && !error);
  useEffect(() => {
    if (error && !notFound) console.error('payout failed', error);
  }, [error, notFound]);

  if (notFound) {
    return (
      <Card withBorder>
        <EmptyState
          icon={<IconWalletOff stroke={1.5} />}
          title={messages.notFoundTitle}
          message={messages.notFound}
          actions={
            <Button component={Link} to={back.to} variant="default">
              {back.label}
            </Button>
          }
        />
      </Card>
    );
  }
  if (error) return <ListLoadError message={messages.failed} onRetry={onRetry} />;
  return <PayoutDetailSkeleton label={messages.loading} />;
}

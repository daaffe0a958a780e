import { Alert, Card, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { EmptyState, PageContainer } from '../../../shared/ui';
import { SaleForm } from '../components/sale-form';
import { SalesTable } from '../components/sales-table';
import { MySalesQuery } from '../lib/sales.documents';
import { salesPageMessages as texts } from '../sales.messages';

const LIST_CONTEXT = { additionalTypenames: ['AuthorSale'] };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="xl" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** /me/sales: schedule a sale of one's own items, see one's sales, change and cancel them (docs/sales-and-codes.md). */
export function MySalesPage() {
  const [{ data, fetching, error }] = useQuery({ query: MySalesQuery, context: LIST_CONTEXT });
  const sales = data?.mySales ?? [];
  // Each scheduled sale gives way to a fresh, untouched form.
  const [round, setRound] = useState(0);
  return (
    <PageContainer title={texts.title} description={texts.description}>
      <Stack gap="lg">
        <Section title={texts.schedule.title}>
          <SaleForm key={round} onDone={() => setRound((n) => n + 1)} />
        </Section>
        <Section title={texts.list.title}>
          {error && !data ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {texts.list.loadFailed}
            </Alert>
          ) : fetching && !data ? (
            <Skeleton h={120} radius="md" aria-busy="true" />
          ) : sales.length === 0 ? (
            <EmptyState title={texts.list.empty} message={texts.list.emptyHint} />
          ) : (
            <SalesTable sales={sales} />
          )}
        </Section>
      </Stack>
    </PageContainer>
  );
}

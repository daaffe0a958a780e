import { Anchor, Group } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PaymentStatus } from '../../../shared/graphql/generated/graphql';

const texts = { invoice: 'Invoice', creditNote: 'Credit note' };

/**
 * Links to an order's tax documents: its invoice once paid, and the credit note once refunded
 * (docs/invoices.md). The page they open looks the document up, and says so while it is being issued.
 */
export function TaxDocumentLinks({ externalId, status }: { externalId: string; status: PaymentStatus }) {
  if (status !== 'PAYMENT_RECEIVED' && status !== 'REFUNDED') return null;
  const base = `/orders/${encodeURIComponent(externalId)}`;
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor
        component={Link}
        to={`${base}/invoice`}
        size="xs"
        aria-label={`${texts.invoice} of order ${externalId}`}
      >
        <Group gap={4} wrap="nowrap" component="span">
          <IconFileInvoice size={14} aria-hidden />
          {texts.invoice}
        </Group>
      </Anchor>
      {status === 'REFUNDED' ? (
        <Anchor
          component={Link}
          to={`${base}/credit-note`}
          size="xs"
          aria-label={`${texts.creditNote} of order ${externalId}`}
        >
          {texts.creditNote}
        </Anchor>
      ) : null}
    </Group>
  );
}

import { Alert, Button, Container, Group } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { siteMessages } from '../../../shared/messages/site.messages';
import { DocumentUnavailable } from '../components/document-unavailable';
import { invoicesMessages as texts } from '../invoices.messages';
import { withKey, type OrderDocumentsAnswer } from '../lib/tax-document-api';
import { useDocumentAnswer } from '../lib/use-document-answer';
import sheet from '../../../shared/printable-sheet/printable-sheet.module.css';

const AUTO_RETRY_MS = 1_500;
const AUTO_ATTEMPTS = 8;

/**
 * `/orders/{number}/invoice` and `/orders/{number}/credit-note`: the address the confirmation mail,
 * the purchase history and the admin's orders link to (the number is not known when the mail is
 * written). It looks the document up and opens it, or says why there is none.
 */
export function OrderTaxDocumentPage({ kind }: { kind: 'invoice' | 'credit-note' }) {
  const { externalId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const key = searchParams.get('k');
  const { fetched, attempt, retry } = useDocumentAnswer<OrderDocumentsAnswer>(
    withKey(`/api/orders/${encodeURIComponent(externalId)}/tax-documents`, key),
  );
  const issuing =
    fetched?.ok === true &&
    (kind === 'invoice' ? fetched.body.invoicePending : fetched.body.creditNotePending);
  // The number follows the payment within a moment: ask again a few times before offering a button.
  useEffect(() => {
    if (!issuing || attempt >= AUTO_ATTEMPTS) return;
    const timer = setTimeout(retry, AUTO_RETRY_MS);
    return () => clearTimeout(timer);
  }, [issuing, attempt, retry]);
  const title = <title>{siteMessages.documentTitle(`${texts.order.title(kind)} ${externalId}`)}</title>;
  if (fetched?.ok) {
    const number = kind === 'invoice' ? fetched.body.invoice : fetched.body.creditNote;
    if (number) return <Navigate to={withKey(`/invoices/${encodeURIComponent(number)}`, key)} replace />;
  }
  const status = fetched?.ok ? fetched.body.status : null;
  const missing = issuing
    ? texts.order.pending
    : kind === 'invoice' && status !== 'PAYMENT_RECEIVED' && status !== 'REFUNDED'
      ? texts.order.notPaid
      : kind === 'credit-note' && status !== 'REFUNDED'
        ? texts.order.notRefunded
        : texts.order.before;
  return (
    <Container size="lg" w="100%" className={sheet.page}>
      {title}
      {fetched?.ok ? (
        <Alert color="blue" variant="light" icon={<IconReceipt aria-hidden />} className={sheet.toolbar}>
          <Group justify="space-between">
            <span>{missing}</span>
            {missing === texts.order.pending ? (
              <Button size="xs" variant="default" onClick={retry}>
                {texts.retry}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : (
        <DocumentUnavailable fetched={fetched} onRetry={retry} />
      )}
    </Container>
  );
}

export const OrderInvoicePage = () => <OrderTaxDocumentPage kind="invoice" />;
export const OrderCreditNotePage = () => <OrderTaxDocumentPage kind="credit-note" />;

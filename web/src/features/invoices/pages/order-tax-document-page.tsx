import { Alert, Button, Container, Group } from '@mantine/core';
import { IconAlertCircle, IconLogin, IconReceipt } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { ListLoadError } from '../../../shared/listing';
import { siteMessages } from '../../../shared/messages/site.messages';
import { openAuthModal, useSession } from '../../../shared/session';
import { DetailSkeleton } from '../../../shared/ui';
import { invoicesMessages as texts } from '../invoices.messages';
import { getJson, withKey, type Fetched, type OrderDocumentsAnswer } from '../lib/tax-document-api';
import classes from './tax-document-page.module.css';

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
  const { user } = useSession();
  const [attempt, setAttempt] = useState(0);
  const path = withKey(`/api/orders/${encodeURIComponent(externalId)}/tax-documents`, key);
  const [answer, setAnswer] = useState<{ path: string; fetched: Fetched<OrderDocumentsAnswer> } | null>(null);

  useEffect(() => {
    let current = true;
    void getJson<OrderDocumentsAnswer>(path).then((fetched) => {
      if (current) setAnswer({ path, fetched });
    });
    return () => {
      current = false;
    };
  }, [path, attempt, user?.id]);

  const fetched = answer?.path === path ? answer.fetched : null;
  const issuing =
    fetched?.ok === true &&
    (kind === 'invoice' ? fetched.body.invoicePending : fetched.body.creditNotePending);
  // The number follows the payment within a moment: ask again a few times before offering a button.
  useEffect(() => {
    if (!issuing || attempt >= AUTO_ATTEMPTS) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), AUTO_RETRY_MS);
    return () => clearTimeout(timer);
  }, [issuing, attempt]);
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
    <Container size="lg" w="100%" className={classes.page}>
      {title}
      {fetched?.ok ? (
        <Alert color="blue" variant="light" icon={<IconReceipt aria-hidden />} className={classes.toolbar}>
          <Group justify="space-between">
            <span>{missing}</span>
            {missing === texts.order.pending ? (
              <Button size="xs" variant="default" onClick={() => setAttempt((n) => n + 1)}>
                {texts.retry}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : fetched && fetched.status === 401 ? (
        <Alert color="blue" variant="light" icon={<IconLogin aria-hidden />} className={classes.toolbar}>
          <Group justify="space-between">
            <span>{texts.logIn}</span>
            <Button size="xs" onClick={() => openAuthModal('login')}>
              {texts.logInButton}
            </Button>
          </Group>
        </Alert>
      ) : fetched && fetched.status === 404 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          className={classes.toolbar}
        >
          {texts.notFound}
        </Alert>
      ) : fetched ? (
        <ListLoadError message={texts.loadFailed} onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <DetailSkeleton label={texts.loading} />
      )}
    </Container>
  );
}

export const OrderInvoicePage = () => <OrderTaxDocumentPage kind="invoice" />;
export const OrderCreditNotePage = () => <OrderTaxDocumentPage kind="credit-note" />;

import { Alert, Anchor, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { PurchaseResult } from '../cart/use-purchase-result';
import { useSession } from '../session/session.context';
import { uiMessages } from './ui.messages';

/** What PurchaseResultBanner shows, loaded with it. */
export function PurchaseResultNotice({ result }: { result: PurchaseResult }) {
  const { hasRoles, user } = useSession();
  const { pathname } = useLocation();
  const success = result === 'success';
  const inCollection = pathname.startsWith('/me/collection');
  const withCollection = user !== null && hasRoles(['regular']);
  return (
    <Alert
      role="status"
      variant="light"
      color={success ? 'teal' : 'red'}
      icon={success ? <IconCircleCheck /> : <IconCircleX />}
      title={success ? uiMessages.purchaseSuccessTitle : uiMessages.purchaseFailedTitle}
      mb="xl"
    >
      <Text size="sm">
        {success ? uiMessages.purchaseSuccessText : uiMessages.purchaseFailedText}
        {success && inCollection ? ` ${uiMessages.purchaseDownloadBelow}` : null}
        {success && !inCollection && withCollection ? (
          <>
            {' '}
            {uiMessages.purchaseDownloadFrom}{' '}
            <Anchor component={Link} to="/me/collection" inherit fw={700}>
              {uiMessages.purchaseCollection}
            </Anchor>
            .
          </>
        ) : null}
        {!success ? (
          <>
            {' '}
            <Anchor component={Link} to="/cart/summary" inherit fw={700}>
              {uiMessages.purchaseBackToCart}
            </Anchor>
          </>
        ) : null}
      </Text>
    </Alert>
  );
}

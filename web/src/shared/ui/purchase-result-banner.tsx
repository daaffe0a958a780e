import { Alert } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { PurchaseResult } from '../cart/use-purchase-result';
import { uiMessages } from './ui.messages';

/** The banner shown after a checkout comes back to /…/success or /…/failed. */
export function PurchaseResultBanner({ result }: { result: PurchaseResult }) {
  const success = result === 'success';
  return (
    <Alert
      role="status"
      variant="light"
      color={success ? 'teal' : 'red'}
      icon={success ? <IconCircleCheck /> : <IconCircleX />}
      title={success ? uiMessages.purchaseSuccessTitle : uiMessages.purchaseFailedTitle}
      mb="xl"
    >
      {success ? uiMessages.purchaseSuccessText : uiMessages.purchaseFailedText}
    </Alert>
  );
}

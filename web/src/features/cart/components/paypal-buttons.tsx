import { Alert, Box, Skeleton } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { cartMessages } from '../cart.messages';
import { loadPaypalSdk } from '../lib/paypal-sdk';

export interface PaypalButtonsProps {
  clientId: string;
  /** Checks the form before PayPal's window opens; false keeps it closed. */
  validate: () => boolean;
  /** Creates the order on our server and resolves with PayPal's order id; throws when refused. */
  createOrder: () => Promise<string>;
  onApprove: (orderId: string) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
  disabled?: boolean;
}

/**
 * PayPal's own buttons from its JS SDK. The callbacks are read through a ref, so the buttons are
 * rendered once and always call the latest form values.
 */
export function PaypalButtons(props: PaypalButtonsProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let closed = false;
    let buttons: { close: () => Promise<void> } | null = null;
    loadPaypalSdk(props.clientId)
      .then(async (paypal) => {
        if (closed || !container.current) return;
        const instance = paypal.Buttons({
          style: {
            layout: 'vertical',
            color: 'gold',
            shape: 'rect',
            label: 'paypal',
            height: 44,
            tagline: false,
          },
          onClick: (_data, actions) =>
            latest.current.validate() && !latest.current.disabled ? actions.resolve() : actions.reject(),
          createOrder: () => latest.current.createOrder(),
          onApprove: (data) => latest.current.onApprove(data.orderID),
          onCancel: () => latest.current.onCancel(),
          onError: (error) => latest.current.onError(error),
        });
        buttons = instance;
        await instance.render(container.current);
        if (!closed) setState('ready');
      })
      .catch((error: unknown) => {
        console.error('PayPal buttons could not be shown', error);
        if (!closed) setState('failed');
      });
    return () => {
      closed = true;
      void buttons?.close().catch(() => undefined);
    };
  }, [props.clientId]);

  if (state === 'failed')
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
        {cartMessages.form.paypalUnavailable}
      </Alert>
    );
  return (
    <Box pos="relative" aria-busy={state === 'loading'}>
      {state === 'loading' ? <Skeleton h={44} aria-label={cartMessages.form.paypalLoading} /> : null}
      <div ref={container} />
    </Box>
  );
}

import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  IconBrandMastercard,
  IconBrandPaypal,
  IconBrandStripe,
  IconBrandVisa,
  IconFlask,
  IconLock,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { cartMessages } from '../cart.messages';
import type { CheckoutConfig } from '../lib/checkout-api';

const texts = cartMessages.trust;

function Mark({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Badge
      component="li"
      variant="default"
      size="lg"
      radius="sm"
      leftSection={icon}
      styles={{ label: { textTransform: 'none', fontWeight: 600 } }}
    >
      {label}
    </Badge>
  );
}

/**
 * The payment methods the server offers, drawn by us (no provider images are loaded), and what is
 * true about the payment's safety: the card or PayPal details are typed on the provider's page,
 * never on ours; under the local stand-ins, that no money moves.
 */
export function CheckoutTrust({ config }: { config: CheckoutConfig | null }) {
  if (!config) return null;
  const paypal = config.paypal !== null || config.paypalLocal;
  const local = config.cardProvider === 'LOCAL';
  return (
    <Stack gap="xs" mt="xs">
      <Group component="ul" gap={6} justify="center" aria-label={texts.providers} p={0} m={0}>
        <Mark icon={<IconBrandVisa size={18} aria-hidden />} label={texts.visa} />
        <Mark icon={<IconBrandMastercard size={18} aria-hidden />} label={texts.mastercard} />
        {paypal ? <Mark icon={<IconBrandPaypal size={18} aria-hidden />} label={texts.paypal} /> : null}
        {local ? null : <Mark icon={<IconBrandStripe size={18} aria-hidden />} label={texts.stripe} />}
      </Group>
      <Group gap={8} wrap="nowrap" align="flex-start">
        {local ? (
          <IconFlask size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        ) : (
          <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        )}
        <Text size="xs" c="dimmed">
          <Text span inherit fw={700} c="var(--mantine-color-text)">
            {texts.secureTitle}.{' '}
          </Text>
          {local ? texts.secureLocal : texts.secureCard}
        </Text>
      </Group>
    </Stack>
  );
}

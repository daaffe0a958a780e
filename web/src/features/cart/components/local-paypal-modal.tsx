import { Badge, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandPaypal } from '@tabler/icons-react';
import { formatPrice } from '../../../shared/format';
import { cartMessages } from '../cart.messages';

const texts = cartMessages.localPaypal;

export interface LocalPaypalModalProps {
  /** The local PayPal order waiting for approval, or null when the dialog is closed. */
  orderId: string | null;
  totalCents: number;
  approving: boolean;
  onApprove: () => void;
  onCancel: () => void;
}

/**
 * The local stand-in for PayPal's approval window (no PayPal keys on the server): Approve captures the
 * order as PayPal's onApprove would, Cancel closes it as if PayPal's window was closed.
 */
export function LocalPaypalModal({
  orderId,
  totalCents,
  approving,
  onApprove,
  onCancel,
}: LocalPaypalModalProps) {
  return (
    <Modal
      opened={orderId !== null}
      onClose={() => {
        if (!approving) onCancel();
      }}
      closeOnClickOutside={!approving}
      closeOnEscape={!approving}
      withCloseButton={!approving}
      centered
      title={
        <Group gap="sm">
          <ThemeIcon variant="light" color="blue" radius="xl" size="lg">
            <IconBrandPaypal size={20} aria-hidden />
          </ThemeIcon>
          <Text fw={700} size="lg" ff="heading">
            {texts.title}
          </Text>
          <Badge variant="outline" color="yellow" radius="sm">
            {texts.badge}
          </Badge>
        </Group>
      }
    >
      <Stack gap="md">
        <Text>{texts.text}</Text>
        <Text size="sm" c="dimmed">
          {texts.steps}
        </Text>
        <Group justify="space-between" gap="md" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {texts.order}
            </Text>
            <Text ff="monospace" size="sm">
              {orderId}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {texts.amount}
            </Text>
            <Text fw={800} size="xl" ff="heading">
              {formatPrice(totalCents / 100)}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={approving}>
            {texts.cancel}
          </Button>
          <Button color="yellow" c="dark.9" onClick={onApprove} loading={approving} data-autofocus>
            {texts.approve}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Anchor, Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHourglass, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { formatDate, formatPrice } from '../format';
import type { WithdrawalConsentPlace } from '../graphql/generated/graphql';
import { GiveWithdrawalConsentMutation, WithdrawFromPurchaseMutation } from './withdrawal.documents';
import { withdrawalMessages as texts } from './withdrawal.messages';

export type WithdrawalState = {
  awaitingConsent: boolean;
  withdrawable: boolean;
  withdrawUntil?: string | null;
  consentGivenAt?: string | null;
};

/**
 * A paid order whose downloads wait for the buyer's consent: the button that records it (after a
 * dialog showing the two statements) and, within the 14 days, the one that withdraws from the
 * purchase (after a dialog naming the refund). The server decides both; `onChanged` reloads.
 */
export function WithdrawalConsentPanel(props: {
  externalId: string;
  /** The key of the confirmation page's address (a guest's proof), if any. */
  orderKey: string | null;
  totalPrice: number;
  withdrawal: WithdrawalState;
  where: WithdrawalConsentPlace;
  onChanged: () => void;
}) {
  const { externalId, orderKey, withdrawal } = props;
  const [dialog, setDialog] = useState<'consent' | 'withdraw' | null>(null);
  const [consentState, consent] = useMutation(GiveWithdrawalConsentMutation);
  const [withdrawState, withdraw] = useMutation(WithdrawFromPurchaseMutation);

  const fail = (message: string | undefined) =>
    notifications.show({ color: 'red', message: message ?? texts.failed });

  const giveConsent = async () => {
    const result = await consent({ externalId, key: orderKey, where: props.where });
    setDialog(null);
    if (result.error) return fail(result.error.graphQLErrors[0]?.message);
    notifications.show({ color: 'teal', message: texts.consented });
    props.onChanged();
  };
  const withdrawNow = async () => {
    const result = await withdraw({ externalId, key: orderKey });
    setDialog(null);
    if (result.error) return fail(result.error.graphQLErrors[0]?.message);
    notifications.show({ color: 'teal', message: texts.withdrawn });
    props.onChanged();
  };

  return (
    <Alert color="yellow" variant="light" icon={<IconHourglass aria-hidden />} title={texts.waitingTitle}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{texts.waitingText}</Text>
        <Text size="sm">
          {withdrawal.withdrawable && withdrawal.withdrawUntil
            ? texts.withdrawUntil(formatDate(withdrawal.withdrawUntil))
            : texts.periodOver}
        </Text>
        <Group gap="sm">
          <Button
            onClick={() => setDialog('consent')}
            leftSection={<IconShieldCheck size={18} aria-hidden />}
          >
            {texts.consentButton}
          </Button>
          {withdrawal.withdrawable ? (
            <Button variant="outline" color="red" onClick={() => setDialog('withdraw')}>
              {texts.withdrawButton}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <Modal
        opened={dialog === 'consent'}
        onClose={() => setDialog(null)}
        title={texts.consentModalTitle}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{texts.consentModalIntro}</Text>
          <List size="sm" spacing="xs">
            <List.Item>{texts.deliveryNow}</List.Item>
            <List.Item>{texts.acknowledgement}</List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {texts.cancel}
            </Button>
            <Button loading={consentState.fetching} onClick={() => void giveConsent()}>
              {texts.consentConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={dialog === 'withdraw'}
        onClose={() => setDialog(null)}
        title={texts.withdrawModalTitle}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{texts.withdrawModalText(formatPrice(props.totalPrice))}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {texts.cancel}
            </Button>
            <Button color="red" loading={withdrawState.fetching} onClick={() => void withdrawNow()}>
              {texts.withdrawConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}

/** The consent the buyer gave, as the page repeats it. */
export function ConsentRecord({ givenAt }: { givenAt: string }) {
  return (
    <Text size="sm" c="dimmed">
      {texts.consentRecord(formatDate(givenAt))}
    </Text>
  );
}

/**
 * A purchase's consent state in the purchase history: waiting (with the way to the collection,
 * where it is given), or the day the buyer agreed; nothing for orders from before it was asked.
 */
export function PurchaseConsent({
  withdrawal,
}: {
  withdrawal: { asked: boolean; consentGivenAt?: string | null; awaitingConsent: boolean };
}) {
  if (withdrawal.awaitingConsent)
    return (
      <Stack gap={2} align="flex-start">
        <Badge color="yellow" variant="light" leftSection={<IconHourglass size={12} aria-hidden />}>
          {texts.waitingBadge}
        </Badge>
        <Anchor component={Link} to="/me/collection" size="xs">
          {texts.giveItInCollection}
        </Anchor>
      </Stack>
    );
  if (withdrawal.asked && withdrawal.consentGivenAt)
    return (
      <Text size="xs" c="dimmed">
        {texts.consentedOn(formatDate(withdrawal.consentGivenAt))}
      </Text>
    );
  return null;
}

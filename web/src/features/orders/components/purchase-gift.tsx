import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGift } from '@tabler/icons-react';
import { useMutation } from 'urql';
import { formatDate } from '../../../shared/format';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import type { MyPurchaseListQuery } from '../../../shared/graphql/generated/graphql';
import { accountMessages } from '../account-purchases.messages';
import { ResendGiftMailMutation } from '../lib/purchase-list.documents';

const texts = accountMessages.purchaseHistory.gift;

type Gift = NonNullable<MyPurchaseListQuery['myPurchaseList']['content'][number]['gift']>;

/**
 * A gift order's line on the giver's purchase history (docs/gifts.md): to whom, whether it was
 * claimed, and "Send the mail again" while the server allows it.
 */
export function PurchaseGift({
  orderId,
  gift,
  onResent,
}: {
  orderId: string;
  gift: Gift;
  onResent: () => void;
}) {
  const [resending, resend] = useMutation(ResendGiftMailMutation);
  const badge =
    gift.status === 'CLAIMED' ? (
      <Badge color="teal" variant="light">
        {texts.claimed}
      </Badge>
    ) : gift.status === 'ENDED' ? (
      <Badge color="gray" variant="light">
        {texts.ended}
      </Badge>
    ) : (
      <Badge color="yellow" variant="light">
        {texts.open}
      </Badge>
    );
  const detail =
    gift.status === 'CLAIMED' && gift.claimedAt
      ? texts.claimedOn(formatDate(gift.claimedAt))
      : gift.status === 'ENDED'
        ? gift.endReason === 'CANCELLED'
          ? texts.endedCancelled
          : texts.endedRefunded
        : gift.mailedAt
          ? texts.mailed(formatDate(gift.mailedAt))
          : texts.notMailed;
  return (
    <Stack gap={4} align="flex-start" mt="xs" data-testid="purchase-gift">
      <Text size="sm" fw={600}>
        <IconGift size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
        {texts.to(gift.recipientEmail)}
      </Text>
      {badge}
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
      {gift.canResend ? (
        <Button
          size="compact-xs"
          variant="light"
          loading={resending.fetching}
          onClick={() =>
            void resend({ orderId }).then((answer) => {
              if (answer.error) {
                notifications.show({ color: 'red', message: graphqlFailureOf(answer.error).message });
                return;
              }
              notifications.show({ color: 'teal', message: texts.resent });
              onResent();
            })
          }
        >
          {texts.resend}
        </Button>
      ) : null}
    </Stack>
  );
}

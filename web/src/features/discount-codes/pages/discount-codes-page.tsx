import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDiscount } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { createDiscountCodeSchema } from '../../../../../domain/discount-codes/discount-code.schemas';
import { paymentStatusLabels, type PaymentStatus } from '../../../../../domain/orders/order.events';
import { formatDate, formatPrice } from '../../../shared/format';
import { EmptyState, PageContainer } from '../../../shared/ui';
import {
  CodeItemChoicesQuery,
  CreateDiscountCodeMutation,
  DeactivateDiscountCodeMutation,
  DiscountCodeRedemptionsQuery,
  MyDiscountCodesQuery,
} from '../discount-codes.documents';
import { discountCodesTexts as texts } from '../discount-codes.messages';
import type { DiscountCodeFieldsFragment } from '../../../shared/graphql/generated/graphql';

const context = { additionalTypenames: ['DiscountCode'] };
type FormErrors = Partial<Record<string, string>>;

/** A date input's value (YYYY-MM-DD, local) as the end of that day, or its start, in ISO. */
const isoOfDay = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`).toISOString() : null;

function NewCodeForm({ onCreated }: { onCreated: () => void }) {
  const [choices] = useQuery({ query: CodeItemChoicesQuery });
  const [{ fetching }, create] = useMutation(CreateDiscountCodeMutation);
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'PERCENT' | 'AMOUNT'>('PERCENT');
  const [percent, setPercent] = useState<number | string>(20);
  const [amount, setAmount] = useState<number | string>('');
  const [allItems, setAllItems] = useState(true);
  const [items, setItems] = useState<string[]>([]);
  const [maxUses, setMaxUses] = useState<number | string>('');
  const [expires, setExpires] = useState('');
  const [earlierItem, setEarlierItem] = useState<string | null>(null);
  const [earlierBefore, setEarlierBefore] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const options = [
    ...(choices.data?.myCreatedSkins.content ?? [])
      .filter((skin) => skin.price > 0)
      .map((skin) => ({ value: `SKIN:${skin.id}`, label: `${skin.title} (${formatPrice(skin.price)})` })),
    ...(choices.data?.myCreatedBundles.content ?? [])
      .filter((bundle) => bundle.price > 0)
      .map((bundle) => ({
        value: `BUNDLE:${bundle.id}`,
        label: `${bundle.title} (${formatPrice(bundle.price)})`,
      })),
  ];
  const refOf = (value: string) => {
    const [itemType, itemId] = value.split(':');
    return { itemType: itemType as 'SKIN' | 'BUNDLE', itemId: itemId! };
  };

  const submit = async () => {
    setFailure(null);
    const input = {
      code,
      kind,
      percent: kind === 'PERCENT' && percent !== '' ? Number(percent) : null,
      amount: kind === 'AMOUNT' && amount !== '' ? Number(amount) : null,
      allItems,
      items: allItems ? [] : items.map(refOf),
      maxUses: maxUses === '' ? null : Number(maxUses),
      expiresAt: isoOfDay(expires, true),
      earlierBuyersOf: earlierItem
        ? { ...refOf(earlierItem), before: isoOfDay(earlierBefore, false) ?? '' }
        : null,
    };
    // The API's own rules first: the same zod schema checks the request on the server.
    const parsed = createDiscountCodeSchema.safeParse(input);
    if (!parsed.success) {
      const next: FormErrors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    const result = await create({ input }, context);
    const error = result.error?.graphQLErrors[0];
    if (error) {
      const field = typeof error.extensions?.field === 'string' ? error.extensions.field : null;
      if (field) setErrors({ [field]: error.message });
      else setFailure(error.message || texts.failed);
      return;
    }
    if (result.error) {
      setFailure(texts.failed);
      return;
    }
    notifications.show({ color: 'teal', message: texts.created(result.data!.createDiscountCode.code) });
    setCode('');
    setItems([]);
    setMaxUses('');
    setExpires('');
    setEarlierItem(null);
    setEarlierBefore('');
    onCreated();
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="new-code">
      <Stack gap="md">
        <Title order={2} size="h4" id="new-code">
          {texts.newCode}
        </Title>
        <Group grow align="flex-start">
          <TextInput
            label={texts.code}
            description={texts.codeHint}
            required
            maxLength={32}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
            error={errors.code}
            data-testid="new-code"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {texts.kind}
            </Text>
            <SegmentedControl
              value={kind}
              onChange={(value) => setKind(value as 'PERCENT' | 'AMOUNT')}
              data={[
                { value: 'PERCENT', label: texts.kinds.PERCENT },
                { value: 'AMOUNT', label: texts.kinds.AMOUNT },
              ]}
            />
            {kind === 'PERCENT' ? (
              <NumberInput
                label={texts.percent}
                min={1}
                max={100}
                allowDecimal={false}
                suffix=" %"
                value={percent}
                onChange={setPercent}
                error={errors.percent}
              />
            ) : (
              <NumberInput
                label={texts.amount}
                min={0.01}
                max={500}
                decimalScale={2}
                value={amount}
                onChange={setAmount}
                error={errors.amount}
              />
            )}
          </Stack>
        </Group>
        <Switch
          label={texts.allItems}
          checked={allItems}
          onChange={(event) => setAllItems(event.currentTarget.checked)}
        />
        {allItems ? null : (
          <MultiSelect
            label={texts.items}
            placeholder={texts.itemsPlaceholder}
            data={options}
            value={items}
            onChange={setItems}
            searchable
            error={errors.items}
          />
        )}
        <Group grow align="flex-start">
          <NumberInput
            label={texts.maxUses}
            description={texts.maxUsesHint}
            min={1}
            allowDecimal={false}
            value={maxUses}
            onChange={setMaxUses}
            error={errors.maxUses}
          />
          <TextInput
            type="date"
            label={texts.expiresAt}
            description={texts.expiresHint}
            value={expires}
            onChange={(event) => setExpires(event.currentTarget.value)}
            error={errors.expiresAt}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={texts.earlier}
            description={texts.earlierHint}
            placeholder={texts.anyone}
            data={options}
            value={earlierItem}
            onChange={setEarlierItem}
            clearable
            searchable
            error={errors.earlierBuyersOf}
          />
          {earlierItem ? (
            <TextInput
              type="date"
              label={texts.earlierBefore}
              required
              value={earlierBefore}
              onChange={(event) => setEarlierBefore(event.currentTarget.value)}
            />
          ) : null}
        </Group>
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={fetching} leftSection={<IconDiscount size={18} />}>
            {texts.create}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Redemptions({ code, onClose }: { code: string | null; onClose: () => void }) {
  const [result] = useQuery({
    query: DiscountCodeRedemptionsQuery,
    variables: { code: code ?? '' },
    pause: code === null,
    requestPolicy: 'network-only',
  });
  const rows = result.data?.discountCode.redemptions ?? [];
  return (
    <Modal opened={code !== null} onClose={onClose} title={code ? texts.redemptionsOf(code) : ''} size="lg">
      {result.fetching ? (
        <Skeleton h={80} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{texts.noRedemptions}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.redemptionColumns.order}</Table.Th>
              <Table.Th>{texts.redemptionColumns.status}</Table.Th>
              <Table.Th ta="right">{texts.redemptionColumns.reduction}</Table.Th>
              <Table.Th>{texts.redemptionColumns.at}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.orderNumber}-${row.redeemedAt}`}>
                <Table.Td>{row.orderNumber ?? '—'}</Table.Td>
                <Table.Td>
                  {row.status ? paymentStatusLabels[row.status as PaymentStatus] : '—'}
                  {row.releasedAt ? ` (${texts.released})` : ''}
                </Table.Td>
                <Table.Td ta="right">{formatPrice(row.reduction)}</Table.Td>
                <Table.Td>{formatDate(row.redeemedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

function CodeRow({
  code,
  onShowRedemptions,
}: {
  code: DiscountCodeFieldsFragment;
  onShowRedemptions: (code: string) => void;
}) {
  const [{ fetching }, deactivate] = useMutation(DeactivateDiscountCodeMutation);
  const usedUp = code.maxUses !== null && code.uses >= code.maxUses;
  const status = !code.active
    ? { label: texts.status.deactivated, color: 'gray' }
    : code.expired
      ? { label: texts.status.expired, color: 'orange' }
      : usedUp
        ? { label: texts.status.usedUp, color: 'yellow' }
        : { label: texts.status.active, color: 'teal' };
  const reduction = code.kind === 'PERCENT' ? `${code.percent} %` : formatPrice(code.amount ?? 0);
  const forWhat = code.allItems ? texts.allYourItems : code.items.map((item) => item.name ?? '—').join(', ');
  return (
    <Table.Tr data-testid={`code-${code.code}`}>
      <Table.Td fw={700} ff="monospace">
        {code.code}
      </Table.Td>
      <Table.Td>{reduction}</Table.Td>
      <Table.Td>
        <Text size="sm">{forWhat}</Text>
        {code.earlierBuyersOf ? (
          <Text size="xs" c="dimmed">
            {texts.earlierOnly(
              code.earlierBuyersOf.item.name ?? '—',
              formatDate(code.earlierBuyersOf.before),
            )}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{texts.uses(code.uses, code.maxUses ?? null)}</Table.Td>
      <Table.Td>{code.expiresAt ? formatDate(code.expiresAt) : texts.never}</Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button size="xs" variant="subtle" onClick={() => onShowRedemptions(code.code)}>
            {texts.redemptions}
          </Button>
          {code.active ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={fetching}
              onClick={async () => {
                const result = await deactivate({ code: code.code }, context);
                notifications.show(
                  result.error
                    ? {
                        color: 'red',
                        message: result.error.graphQLErrors[0]?.message ?? texts.deactivateFailed,
                      }
                    : { color: 'teal', message: texts.deactivated(code.code) },
                );
              }}
            >
              {texts.deactivate}
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** My Discount Codes (/me/discount-codes): make codes, see their uses and redemptions, deactivate them. */
export function DiscountCodesPage() {
  const [result, refetch] = useQuery({
    query: MyDiscountCodesQuery,
    context,
    requestPolicy: 'cache-and-network',
  });
  const [shown, setShown] = useState<string | null>(null);
  const codes = result.data?.myDiscountCodes;
  let list;
  if (result.error && !codes) {
    list = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />}>
        {texts.loadFailed}
      </Alert>
    );
  } else if (!codes) {
    list = <Skeleton h={120} aria-label={texts.loading} />;
  } else if (codes.length === 0) {
    list = <EmptyState icon={<IconDiscount stroke={1.5} />} message={texts.empty} />;
  } else {
    list = (
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" data-testid="discount-codes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.columns.code}</Table.Th>
              <Table.Th>{texts.columns.reduction}</Table.Th>
              <Table.Th>{texts.columns.items}</Table.Th>
              <Table.Th>{texts.columns.uses}</Table.Th>
              <Table.Th>{texts.columns.expires}</Table.Th>
              <Table.Th>{texts.columns.status}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.map((code) => (
              <CodeRow key={code.code} code={code} onShowRedemptions={setShown} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <PageContainer title={texts.title} description={texts.intro}>
      <Stack gap="lg">
        <NewCodeForm onCreated={() => refetch({ requestPolicy: 'network-only' })} />
        <Card withBorder padding="lg" component="section" aria-labelledby="code-list">
          <Stack gap="sm">
            <Title order={2} size="h4" id="code-list">
              {texts.list}
            </Title>
            {list}
          </Stack>
        </Card>
      </Stack>
      <Redemptions code={shown} onClose={() => setShown(null)} />
    </PageContainer>
  );
}

import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDiscount, IconInfoCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { SALE_NAME_MAX, saleInputSchema } from '../../../../../domain/sales/sale.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import type { AuthorSaleFieldsFragment } from '../../../shared/graphql/generated/graphql';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { salesPageMessages } from '../sales.messages';
import { ChangeSaleMutation, MySaleableItemsQuery, ScheduleSaleMutation } from '../lib/sales.documents';
import { newSaleValues, saleInputOf, valuesOfSale, type SaleFormValues } from '../lib/sale-form-values';

const texts = salesPageMessages.schedule;
const CHANGES_SALES = { additionalTypenames: ['AuthorSale'] };
// The API's own rule (domain/sales/sale.schemas.ts), run by the form before it asks.
const validate = zod4Resolver(saleInputSchema, { errorPriority: 'first' });
const ITEMS_PAGE = { page: 0, size: 100 };
type Option = { value: string; label: string };

/** The author's paid items to choose from, and the sale's own items (named as the sale has them). */
function itemOptions(
  list: readonly { id: string; title: string; price: number }[] | undefined,
  own: readonly Option[],
): Option[] {
  const options = (list ?? [])
    .filter((item) => item.price > 0)
    .map((item) => ({ value: item.id, label: item.title }));
  const known = new Set(options.map((option) => option.value));
  return [...options, ...own.filter((option) => !known.has(option.value))];
}

/**
 * The author's sale form: name, reduction, items, start and end. Without `sale` it schedules a new
 * sale; with one it changes that sale, all of it before the start and only its name and end once
 * it runs (the rest is shown but locked). The server checks everything again and its refusals
 * (an overlap with another sale, a sale that started meanwhile) show here as it words them.
 */
export function SaleForm({ sale, onDone }: { sale?: AuthorSaleFieldsFragment; onDone?: () => void }) {
  const [{ data: items }] = useQuery({ query: MySaleableItemsQuery, variables: { page: ITEMS_PAGE } });
  const [{ fetching: scheduling }, schedule] = useMutation(ScheduleSaleMutation);
  const [{ fetching: changing }, change] = useMutation(ChangeSaleMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SaleFormValues>({
    initialValues: sale ? valuesOfSale(sale) : newSaleValues(),
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const running = sale?.status === 'RUNNING';
  const own = (type: 'SKIN' | 'BUNDLE') =>
    (sale?.items ?? [])
      .filter((item) => item.itemType === type)
      .map((item) => ({ value: item.itemId, label: item.name }));

  const submit = async (values: SaleFormValues) => {
    setFailure(null);
    const input = saleInputOf(values, saleInputSchema.parse(values), sale);
    const result = sale
      ? await change({ id: sale.id, input }, CHANGES_SALES)
      : await schedule({ input }, CHANGES_SALES);
    const saved =
      result.data && ('changeSale' in result.data ? result.data.changeSale : result.data.scheduleSale);
    if (result.error || !saved) {
      const refusal = result.error ? graphqlFailureOf(result.error) : null;
      const field = refusal?.field === 'items' ? 'skinIds' : refusal?.field;
      if (refusal?.code === 'BAD_USER_INPUT' && field && field in values)
        errors.setServerError(field, refusal.message);
      else setFailure(refusal?.code && refusal.code !== 'NETWORK_ERROR' ? refusal.message : texts.failed);
      return;
    }
    notifications.show({
      color: 'teal',
      message: sale ? texts.changed(saved.name) : texts.scheduled(saved.name),
    });
    // The page starts a fresh form after a new sale, so its fields are not flagged as left empty.
    if (onDone) onDone();
    else form.setValues(newSaleValues());
  };

  return (
    <form
      onSubmit={errors.onSubmit(submit)}
      noValidate
      aria-label={sale ? texts.changeTitle(sale.name) : texts.title}
    >
      <Stack gap="md">
        {running ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            {texts.runningHint}
          </Alert>
        ) : null}
        <TextInput
          label={texts.name}
          description={texts.nameHint}
          maxLength={SALE_NAME_MAX}
          required
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={sale ? `sale-kind-label-${sale.id}` : 'sale-kind-label'}>
            {texts.kind}
          </Text>
          <SegmentedControl
            aria-labelledby={sale ? `sale-kind-label-${sale.id}` : 'sale-kind-label'}
            disabled={running}
            data={[
              { value: 'PERCENT', label: texts.percent },
              { value: 'PRICE', label: texts.price },
            ]}
            {...form.getInputProps('kind')}
          />
        </Stack>
        {form.values.kind === 'PERCENT' ? (
          <NumberInput
            label={texts.percentOff}
            description={texts.percentHint}
            min={1}
            max={90}
            suffix=" %"
            allowDecimal={false}
            disabled={running}
            {...form.getInputProps('percentOff')}
          />
        ) : (
          <NumberInput
            label={texts.salePrice}
            description={texts.salePriceHint}
            min={2}
            decimalScale={2}
            disabled={running}
            {...form.getInputProps('salePrice')}
          />
        )}
        <MultiSelect
          label={texts.skins}
          description={texts.itemsHint}
          data={itemOptions(items?.myCreatedSkins.content, own('SKIN'))}
          searchable
          clearable={!running}
          disabled={running}
          {...form.getInputProps('skinIds')}
        />
        <MultiSelect
          label={texts.bundles}
          data={itemOptions(items?.myCreatedBundles.content, own('BUNDLE'))}
          searchable
          clearable={!running}
          disabled={running}
          {...form.getInputProps('bundleIds')}
        />
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label={texts.startsAt}
            description={texts.startsAtHint}
            required
            disabled={running}
            {...form.getInputProps('startsAt')}
          />
          <TextInput
            type="datetime-local"
            label={texts.endsAt}
            description={texts.endsAtHint}
            required
            {...form.getInputProps('endsAt')}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {texts.payWhatYouWant}
        </Text>
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            loading={scheduling || changing}
            leftSection={<IconDiscount size={18} aria-hidden />}
          >
            {sale ? texts.saveChange : texts.submit}
          </Button>
          {sale && onDone ? (
            <Button variant="default" onClick={onDone}>
              {texts.keep}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

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
import { IconAlertCircle, IconDiscount } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { SALE_NAME_MAX, saleInputSchema, type SaleInput } from '../../../../../domain/sales/sale.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { graphqlFailureOf } from '../../../shared/graphql/graphql-errors';
import { salesPageMessages } from '../sales.messages';
import { MySaleableItemsQuery, ScheduleSaleMutation } from '../lib/sales.documents';

const texts = salesPageMessages.schedule;
const CHANGES_SALES = { additionalTypenames: ['AuthorSale'] };
// The API's own rule (domain/sales/sale.schemas.ts), run by the form before it asks.
const validate = zod4Resolver(saleInputSchema, { errorPriority: 'first' });
const ITEMS_PAGE = { page: 0, size: 100 };

/** A datetime-local field's value (local time, minutes) for a moment. */
function localInput(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

type FormValues = Omit<SaleInput, 'skinIds' | 'bundleIds'> & { skinIds: string[]; bundleIds: string[] };

function initialValues(): FormValues {
  const start = new Date();
  return {
    name: '',
    kind: 'PERCENT',
    percentOff: 20,
    salePrice: null,
    skinIds: [],
    bundleIds: [],
    startsAt: localInput(start),
    endsAt: localInput(new Date(start.getTime() + 7 * 24 * 3600_000)),
  };
}

/** The author's form for a new sale: name, reduction, items, start and end. The server checks again. */
export function ScheduleSaleForm() {
  const [{ data: items }] = useQuery({ query: MySaleableItemsQuery, variables: { page: ITEMS_PAGE } });
  const [{ fetching }, schedule] = useMutation(ScheduleSaleMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: initialValues(),
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const paid = (list: { id: string; title: string; price: number }[] | undefined) =>
    (list ?? []).filter((item) => item.price > 0).map((item) => ({ value: item.id, label: item.title }));

  const submit = async (values: FormValues) => {
    setFailure(null);
    const parsed = saleInputSchema.parse(values);
    const input = {
      name: parsed.name,
      kind: parsed.kind,
      percentOff: parsed.kind === 'PERCENT' ? (parsed.percentOff ?? null) : null,
      salePrice: parsed.kind === 'PRICE' ? (parsed.salePrice ?? null) : null,
      skinIds: values.skinIds,
      bundleIds: values.bundleIds,
      // The fields are local time; the API takes an instant.
      startsAt: new Date(values.startsAt).toISOString(),
      endsAt: new Date(values.endsAt).toISOString(),
    };
    const result = await schedule({ input }, CHANGES_SALES);
    if (result.error || !result.data) {
      const refusal = result.error ? graphqlFailureOf(result.error) : null;
      const field = refusal?.field === 'items' ? 'skinIds' : refusal?.field;
      if (refusal?.code === 'BAD_USER_INPUT' && field && field in values)
        errors.setServerError(field, refusal.message);
      else setFailure(refusal?.message ?? texts.failed);
      return;
    }
    notifications.show({ color: 'teal', message: texts.scheduled(result.data.scheduleSale.name) });
    form.setValues(initialValues());
  };

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate aria-label={texts.title}>
      <Stack gap="md">
        <TextInput
          label={texts.name}
          description={texts.nameHint}
          maxLength={SALE_NAME_MAX}
          required
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="sale-kind-label">
            {texts.kind}
          </Text>
          <SegmentedControl
            aria-labelledby="sale-kind-label"
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
            {...form.getInputProps('percentOff')}
          />
        ) : (
          <NumberInput
            label={texts.salePrice}
            description={texts.salePriceHint}
            min={2}
            decimalScale={2}
            {...form.getInputProps('salePrice')}
          />
        )}
        <MultiSelect
          label={texts.skins}
          description={texts.itemsHint}
          data={paid(items?.myCreatedSkins.content)}
          searchable
          clearable
          {...form.getInputProps('skinIds')}
        />
        <MultiSelect
          label={texts.bundles}
          data={paid(items?.myCreatedBundles.content)}
          searchable
          clearable
          {...form.getInputProps('bundleIds')}
        />
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label={texts.startsAt}
            description={texts.startsAtHint}
            required
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
          <Button type="submit" loading={fetching} leftSection={<IconDiscount size={18} aria-hidden />}>
            {texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

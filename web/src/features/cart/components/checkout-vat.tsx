import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useQuery } from 'urql';
import { formatPrice } from '../../../shared/format';
import { saleMessages } from '../../../shared/sale';
import { cartMessages } from '../cart.messages';
import { CheckoutQuoteQuery } from '../lib/cart.documents';
import type { CheckoutChoices, CheckoutValues } from '../lib/checkout-form';

const texts = cartMessages.form;
/** The quote is asked again once the buyer stops typing the VAT ID. */
const VAT_ID_DELAY_MS = 500;

export interface CheckoutVatProps {
  form: UseFormReturnType<CheckoutValues>;
  items: { skins: number[]; bundles: number[] };
  choices: CheckoutChoices | null;
  /** A server error on the VAT ID (from the checkout call), shown under the field. */
  vatIdError?: string | null;
  /** The refusal of the code the quote carried (it is then dropped from the quote). */
  onCodeRefused?: (message: string) => void;
  /** What the quote's code takes off in all (null: no code applied), for the cart's total. */
  onCodeApplied?: (applied: { code: string; cents: number } | null) => void;
}

/**
 * VAT at checkout (docs/vat.md): the business buyer's VAT ID, the server's quote for the billing
 * country ("incl. VAT 19 % (Germany)", a reverse charge, or none outside the EU), and the
 * confirmation of the billing country when the visitor's address says otherwise.
 */
export function CheckoutVat({
  form,
  items,
  choices,
  vatIdError,
  onCodeRefused,
  onCodeApplied,
}: CheckoutVatProps) {
  const { country, vatId } = form.values;
  const [typedVatId] = useDebouncedValue(vatId.trim(), VAT_ID_DELAY_MS);
  const input = useMemo(
    () => ({
      skins: items.skins.map(String),
      bundles: items.bundles.map(String),
      tips: (choices?.tips ?? []).map((tip) => ({ ...tip, itemId: String(tip.itemId) })),
      prices: (choices?.prices ?? []).map((price) => ({ ...price, itemId: String(price.itemId) })),
      country: country ?? '',
      vatId: typedVatId || null,
      code: choices?.code ?? null,
    }),
    [items, choices, country, typedVatId],
  );
  const empty = items.skins.length + items.bundles.length === 0;
  const [quote] = useQuery({
    query: CheckoutQuoteQuery,
    variables: { input },
    pause: !country || empty || choices === null,
    requestPolicy: 'cache-and-network',
  });
  const answer = quote.data?.checkoutQuote;
  const quoteError = quote.error?.graphQLErrors[0]?.message ?? null;
  const codeRefusal =
    quote.error?.graphQLErrors[0]?.extensions?.field === 'code' ? (quoteError ?? null) : null;
  useEffect(() => {
    if (codeRefusal && input.code) onCodeRefused?.(codeRefusal);
  }, [codeRefusal, input.code]);
  const applied = answer?.discountCode ?? null;
  const appliedCents = applied ? Math.round(applied.reduction * 100) : 0;
  useEffect(() => {
    onCodeApplied?.(applied && input.code ? { code: applied.code, cents: appliedCents } : null);
  }, [applied?.code, appliedCents, input.code]);
  const needsConfirmation = answer?.needsCountryConfirmation ?? false;

  // A confirmation given for another country does not carry over.
  const setValue = form.setFieldValue;
  useEffect(() => {
    setValue('countryConfirmed', false);
  }, [country]);

  let line: string | null = null;
  if (answer) {
    if (answer.treatment === 'OSS' || answer.treatment === 'DOMESTIC') {
      line = texts.vatIncluded(answer.ratePercent, answer.countryName);
    } else if (answer.treatment === 'REVERSE_CHARGE') {
      line = texts.reverseCharge(typedVatId.toUpperCase());
    } else if (answer.treatment === 'OUTSIDE_EU') {
      line = texts.outsideEu(answer.countryName);
    } else {
      line = texts.notRegistered;
    }
  }

  return (
    <Stack gap="sm">
      <TextInput
        label={texts.vatId}
        description={texts.vatIdHint}
        placeholder={texts.vatIdPlaceholder}
        autoComplete="off"
        maxLength={24}
        {...form.getInputProps('vatId')}
        error={form.errors.vatId ?? vatIdError ?? (typedVatId && quoteError ? quoteError : undefined)}
      />
      {answer && line ? (
        <Stack gap={2} aria-live="polite" data-testid="checkout-vat">
          {applied ? (
            <Stack gap={2} data-testid="checkout-code">
              {applied.items.map((item) => (
                <Group key={`${item.itemType}:${item.itemId}`} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {texts.codeApplied(applied.code)}: {item.name}
                  </Text>
                  <Text size="sm" fw={600} c="teal.4">
                    −{formatPrice(item.reduction)}
                  </Text>
                </Group>
              ))}
              {applied.note ? (
                <Text size="xs" c="dimmed">
                  {applied.note}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{line}</Text>
            {answer.vat > 0 ? (
              <Text size="sm" fw={600}>
                {formatPrice(answer.vat)}
              </Text>
            ) : null}
          </Group>
          {answer.items.flatMap((item) =>
            item.reductions.map((reduction) => (
              <Group
                key={`${item.itemType}-${item.itemId}-${reduction.source}-${reduction.label}`}
                justify="space-between"
                wrap="nowrap"
                data-testid="checkout-reduction"
              >
                <Text size="sm">{saleMessages.checkoutReduction(reduction.label, item.name)}</Text>
                <Text size="sm">−{formatPrice(reduction.amount)}</Text>
              </Group>
            )),
          )}
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={700}>
              {texts.toPay}
            </Text>
            <Text size="sm" fw={700}>
              {formatPrice(answer.total)}
            </Text>
          </Group>
        </Stack>
      ) : quote.fetching ? (
        <Text size="sm" c="dimmed">
          {texts.vatLoading}
        </Text>
      ) : null}
      {needsConfirmation && answer ? (
        <Checkbox
          label={answer.confirmCountryLabel}
          {...form.getInputProps('countryConfirmed', { type: 'checkbox' })}
        />
      ) : null}
    </Stack>
  );
}

import { Badge, Stack, Text } from '@mantine/core';
import { formatPrice } from '../format';
import type { PurchaseVatFieldsFragment } from '../graphql/generated/graphql';

/** What an order's VAT line says (docs/vat.md), e.g. "incl. VAT 19 % (Germany) 0,56 €". */
export function vatLine(vat: PurchaseVatFieldsFragment): string {
  switch (vat.treatment) {
    case 'OSS':
    case 'DOMESTIC':
      return `incl. VAT ${String(vat.ratePercent)} % (${vat.countryName ?? ''}) ${formatPrice(vat.vat)}`;
    case 'REVERSE_CHARGE':
      return `No VAT: reverse charge${vat.buyerVatId ? ` (${vat.buyerVatId})` : ''}`;
    case 'OUTSIDE_EU':
      return `No EU VAT (${vat.countryName ?? 'outside the EU'})`;
    case 'NOT_REGISTERED':
      return 'No VAT charged (seller not registered for VAT)';
  }
}

const ruleText: Record<string, string> = {
  BILLING_AND_IP_AGREE: 'billing and IP country agree',
  BUYER_CONFIRMED: 'buyer confirmed the billing country',
};

/**
 * An order's VAT under its total; with `evidence`, where the buyer lives by the order's evidence
 * (billing, IP, card) and a badge when the card's country contradicts it (admins).
 */
export function PurchaseVat({
  vat,
  evidence = false,
}: {
  vat: PurchaseVatFieldsFragment | null | undefined;
  evidence?: boolean;
}) {
  if (!vat) return null;
  const { billingCountry, ipCountry, cardCountry, rule, conflict } = vat.evidence;
  const code = (value: string | null | undefined) => (value ? value.toUpperCase() : '—');
  return (
    <Stack gap={2} align="flex-end">
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {vatLine(vat)}
      </Text>
      {evidence ? (
        <>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {`Billing ${code(billingCountry)} · IP ${code(ipCountry)} · card ${code(cardCountry)}: ${ruleText[rule] ?? rule}`}
          </Text>
          {conflict ? (
            <Badge color="orange" variant="light" size="sm">
              {`Evidence conflict: card from ${code(cardCountry)}, taxed in ${code(vat.country)}`}
            </Badge>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

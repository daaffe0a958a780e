import { NumberInput } from '@mantine/core';
import type { NumberInputProps } from '@mantine/core';

// The site writes money as "3,50 €" (Czech locale: decimal comma, a no-break space before the euro
// sign and between thousands). The editors' price fields type and show it the same way; the value
// the form gets is still a plain number of euros (3.5), which the editor sends on to the API.
const DECIMAL_SEPARATOR = ',';
const THOUSAND_SEPARATOR = '\u00a0';
const EURO_SUFFIX = '\u00a0€';

/** A price field in the site's money format: "3,50 €". */
export function PriceInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      decimalScale={2}
      step={0.5}
      decimalSeparator={DECIMAL_SEPARATOR}
      thousandSeparator={THOUSAND_SEPARATOR}
      suffix={EURO_SUFFIX}
      inputMode="decimal"
      {...props}
    />
  );
}

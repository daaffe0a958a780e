import { NumberInput } from '@mantine/core';
import type { NumberInputProps } from '@mantine/core';
import type { FormEvent } from 'react';

// The site writes money as "3,50 €" (Czech locale: decimal comma, a no-break space before the euro
// sign and between thousands). The editors' price fields type and show it the same way; the value
// the form gets is still a plain number of euros (3.5), which the editor sends on to the API.
const DECIMAL_SEPARATOR = ',';
const THOUSAND_SEPARATOR = '\u00a0';
const EURO_SUFFIX = '\u00a0€';

/**
 * A typed "." becomes the decimal comma by itself, but a pasted (or autofilled) "3.5" would lose its
 * point and read 35 €: a point followed by digits in a value without a comma is taken as the decimal
 * separator before the field formats the value.
 */
export function withDecimalComma(value: string): string {
  return !value.includes(DECIMAL_SEPARATOR) && /\.\d/.test(value)
    ? value.replace('.', DECIMAL_SEPARATOR)
    : value;
}

function acceptDecimalPoint(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const value = withDecimalComma(input.value);
  if (value !== input.value) input.value = value;
}

/** A price field in the site's money format: "3,50 €". */
export function PriceInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      decimalScale={2}
      fixedDecimalScale
      step={0.5}
      decimalSeparator={DECIMAL_SEPARATOR}
      thousandSeparator={THOUSAND_SEPARATOR}
      suffix={EURO_SUFFIX}
      inputMode="decimal"
      onChangeCapture={acceptDecimalPoint}
      {...props}
    />
  );
}

import { Button, Group, TextInput } from '@mantine/core';
import { IconDiscount, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { discountCodeText } from '../../../../../domain/discount-codes/discount-code.schemas';
import { cartMessages } from '../cart.messages';

const texts = cartMessages.form;

export interface DiscountCodeFieldProps {
  /** The code the quote and the checkout carry now (null: none). */
  applied: string | null;
  /** Why the server refused the last code, shown under the field. */
  refusal: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * The cart's discount code: checked for its form with the API's own zod rule, then sent with the
 * quote, which applies it (the reduction shows in the totals) or refuses it with the reason.
 */
export function DiscountCodeField({ applied, refusal, onApply, onRemove }: DiscountCodeFieldProps) {
  const [typed, setTyped] = useState(applied ?? '');
  const [formatError, setFormatError] = useState<string | null>(null);
  const apply = () => {
    const parsed = discountCodeText.safeParse(typed);
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? texts.code);
      return;
    }
    setFormatError(null);
    setTyped(parsed.data);
    onApply(parsed.data);
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={texts.code}
        description={texts.codeHint}
        placeholder={texts.codePlaceholder}
        autoComplete="off"
        maxLength={40}
        value={typed}
        readOnly={applied !== null}
        leftSection={<IconDiscount size={18} aria-hidden />}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          setFormatError(null);
        }}
        onKeyDown={(event) => {
          // Enter applies the code; it must not submit the checkout form (and pay).
          if (event.key === 'Enter') {
            event.preventDefault();
            if (applied === null) apply();
          }
        }}
        error={formatError ?? refusal ?? undefined}
        data-testid="discount-code"
      />
      {applied === null ? (
        <Button type="button" variant="light" mt={50} onClick={apply} disabled={typed.trim() === ''}>
          {texts.applyCode}
        </Button>
      ) : (
        <Button
          type="button"
          variant="subtle"
          color="gray"
          mt={50}
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => {
            setTyped('');
            onRemove();
          }}
        >
          {texts.removeCode}
        </Button>
      )}
    </Group>
  );
}

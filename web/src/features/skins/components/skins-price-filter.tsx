import { CloseButton, Group, NumberInput, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { priceFilterSchema } from '../../../../../domain/catalog/price-filter';
import { SegmentedChoice } from '../../../shared/ui/segmented-choice';
import { PRICE_CHOICES } from '../lib/skins-filters';
import type { PriceChoice } from '../lib/skins-filters';
import { skinsMessages } from '../skins.messages';

const messages = skinsMessages.filters;
const choices = PRICE_CHOICES.map((choice) => ({ value: choice, label: messages.priceChoices[choice] }));

export interface SkinsPriceFilterProps {
  price: PriceChoice;
  min: number | null;
  max: number | null;
  onPrice: (price: PriceChoice) => void;
  onRange: (range: { min: number | null; max: number | null }) => void;
}

const numberOf = (value: string | number) => (value === '' ? null : Number(value));

/**
 * All, free or paid skins, and (for all or paid) a price range in euros. The range applies when a
 * field loses focus or on Enter, once the API's rules accept it; until then the field says why not.
 */
export function SkinsPriceFilter({ price, min, max, onPrice, onRange }: SkinsPriceFilterProps) {
  const labelId = useId();
  const [minInput, setMinInput] = useState<string | number>(min ?? '');
  const [maxInput, setMaxInput] = useState<string | number>(max ?? '');
  // Follow the query string when it changes elsewhere (back and forward). The range applied here
  // reaches the address a moment later (the page renders it as a transition): what was typed since
  // then stays.
  const applied = useRef<{ min: number | null; max: number | null } | null>(null);
  useEffect(() => {
    const own = applied.current;
    applied.current = null;
    if (own && own.min === min && own.max === max) return;
    setMinInput(min ?? '');
    setMaxInput(max ?? '');
  }, [min, max]);

  const typed = priceFilterSchema.safeParse({ minPrice: numberOf(minInput), maxPrice: numberOf(maxInput) });
  const error = typed.success ? null : (typed.error.issues[0]?.message ?? null);
  const apply = () => {
    if (!typed.success) return;
    if (typed.data.minPrice !== min || typed.data.maxPrice !== max) {
      applied.current = { min: typed.data.minPrice, max: typed.data.maxPrice };
      onRange({ min: typed.data.minPrice, max: typed.data.maxPrice });
    }
  };
  const withRange = price !== 'free';
  const rangeProps = {
    min: 0,
    max: 100_000,
    decimalScale: 2,
    allowNegative: false,
    hideControls: true,
    w: 104,
    size: 'sm' as const,
    leftSection: <span aria-hidden>€</span>,
    leftSectionWidth: 28,
    onBlur: apply,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter') apply();
    },
  };

  return (
    <Group gap="sm" wrap="wrap" align="flex-start">
      <Group gap="xs" wrap="nowrap">
        <Text component="span" size="sm" c="dimmed" id={labelId}>
          {messages.price}
        </Text>
        <SegmentedChoice data={choices} value={price} onChange={onPrice} aria-labelledby={labelId} />
      </Group>
      {withRange ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <NumberInput
            {...rangeProps}
            aria-label={messages.minPriceLabel}
            placeholder={messages.minPrice}
            value={minInput}
            onChange={setMinInput}
            error={error}
          />
          <Text component="span" c="dimmed" mt={6} aria-hidden>
            –
          </Text>
          <NumberInput
            {...rangeProps}
            aria-label={messages.maxPriceLabel}
            placeholder={messages.maxPrice}
            value={maxInput}
            onChange={setMaxInput}
            error={error ? true : undefined}
          />
          {min !== null || max !== null ? (
            <CloseButton
              aria-label={messages.clearPrice}
              mt={4}
              onClick={() => {
                setMinInput('');
                setMaxInput('');
                onRange({ min: null, max: null });
              }}
            />
          ) : null}
        </Group>
      ) : null}
    </Group>
  );
}

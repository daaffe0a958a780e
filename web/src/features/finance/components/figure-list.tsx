import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAmount } from '../../../shared/format';

export interface Figure {
  label: ReactNode;
  /** Euros. */
  amount: number;
  strong?: boolean;
}

/** Labelled amounts, one a row, the amounts right-aligned in the table figures of the theme. */
export function FigureList({ figures }: { figures: Figure[] }) {
  return (
    <Stack gap={6}>
      {figures.map((figure, index) => (
        <Group key={index} justify="space-between" wrap="nowrap" gap="md">
          <Text size="sm" c={figure.strong ? undefined : 'dimmed'} fw={figure.strong ? 700 : undefined}>
            {figure.label}
          </Text>
          <Text
            size="sm"
            fw={figure.strong ? 800 : 600}
            style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {formatAmount(figure.amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

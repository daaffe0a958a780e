import { SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useId, useRef } from 'react';
import classes from './admin-list.module.css';

/** The rows' placeholders while a list loads for the first time. */
export function ListSkeleton({
  label,
  rows = 6,
  height = 56,
}: {
  label: string;
  rows?: number;
  height?: number;
}) {
  return (
    <Stack gap="xs" p="md" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} h={height} />
      ))}
    </Stack>
  );
}

/**
 * The last answer a query gave: the previous page stays on screen while the next one loads. A change
 * of `key` (another view of the list) forgets it, so one view's rows never stand in for another's.
 */
export function useLastData<T>(data: T | undefined, key = ''): T | undefined {
  const last = useRef<{ key: string; data: T | undefined }>({ key, data });
  if (last.current.key !== key) last.current = { key, data: undefined };
  if (data !== undefined) last.current = { key, data };
  return data ?? last.current.data;
}

/** A badge that shows its whole label: the cell grows rather than cutting "Hidden by its author". */
export const fullBadgeStyles = {
  root: { maxWidth: 'none', flexShrink: 0 },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

type Tone = 'teal' | 'orange';

/** A light teal (or outline orange) badge whose text stays readable in both schemes. */
export const strongBadge = (tone: Tone) => ({
  className: classes[tone],
  vars: () => ({
    root: {
      '--badge-color': 'var(--strong-color)',
      '--badge-bg': 'var(--strong-bg)',
      '--badge-bd': tone === 'orange' ? '1px solid var(--strong-color)' : undefined,
    },
  }),
});

/** The same for a light teal button (Restore, Unblock). */
export const strongButton = (tone: Tone) => ({
  className: classes[tone],
  vars: () => ({
    root: {
      '--button-color': 'var(--strong-color)',
      '--button-bg': 'var(--strong-bg)',
      '--button-hover': 'var(--strong-hover)',
    },
  }),
});

/** A list's view switch (All | Removed, Open | All…) with a visible label that names it. */
export function ListViewSwitch<View extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: View;
  options: { value: View; label: string }[];
  onChange: (view: View) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as View)}
        data={options}
      />
    </Stack>
  );
}

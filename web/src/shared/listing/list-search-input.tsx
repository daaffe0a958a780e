import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { SearchBox } from './use-search-box';

type ListSearchInputProps = Omit<
  TextInputProps,
  'type' | 'value' | 'onChange' | 'onKeyDown' | 'leftSection' | 'rightSection' | 'description'
> & {
  box: SearchBox;
  /** The clear button's accessible name. */
  clearLabel: string;
  /** Said under the box while what is typed is too short to search for. */
  tooShortHint: string;
};

/** A list's labelled search box (the admin lists): Enter applies at once, Escape or the ✕ clears. */
export function ListSearchInput({ box, clearLabel, tooShortHint, ...props }: ListSearchInputProps) {
  return (
    <TextInput
      {...props}
      type="search"
      description={box.tooShort ? tooShortHint : undefined}
      value={box.input}
      onChange={(event) => box.setInput(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') box.applyNow();
        if (event.key === 'Escape' && box.input !== '') box.clear();
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={box.input ? <CloseButton aria-label={clearLabel} onClick={box.clear} size="sm" /> : null}
    />
  );
}

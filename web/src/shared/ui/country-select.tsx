import { Select } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import { countryOptions } from '../../../../domain/accounts/countries';
import { CountryFlag } from './country-flag';
import { uiMessages } from './ui.messages';

// About 250 countries sorted by their English name; computed once.
let options: { value: string; label: string }[] | null = null;
function countrySelectData() {
  options ??= countryOptions().map(({ code, name }) => ({ value: code, label: name }));
  return options;
}

export type CountrySelectProps = Omit<SelectProps, 'data' | 'searchable'>;

/** A searchable country select whose values are two-letter lowercase codes. */
export function CountrySelect({ value, ...props }: CountrySelectProps) {
  return (
    <Select
      data={countrySelectData()}
      searchable
      allowDeselect={false}
      nothingFoundMessage={uiMessages.noCountryFound}
      maxDropdownHeight={280}
      value={value}
      leftSection={value ? <CountryFlag code={value} decorative /> : null}
      renderOption={({ option }) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <CountryFlag code={option.value} decorative />
          {option.label}
        </span>
      )}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

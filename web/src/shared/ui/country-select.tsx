import { Select } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { SelectProps } from '@mantine/core';
import { countryOptions } from '../../../../domain/accounts/countries';
import { CountryFlag } from './country-flag';
import classes from './country-select.module.css';
import { uiMessages } from './ui.messages';

// About 250 countries sorted by their English name; computed once.
let options: { value: string; label: string }[] | null = null;
function countrySelectData() {
  options ??= countryOptions().map(({ code, name }) => ({ value: code, label: name }));
  return options;
}

const NOTE_BELOW_INPUT: SelectProps['inputWrapperOrder'] = ['label', 'input', 'description', 'error'];

export type CountrySelectProps = Omit<SelectProps, 'data' | 'searchable'> & {
  /** Said under the select while it holds a country the app guessed (suggested-country.ts). */
  guessNote?: string | null;
};

/** A searchable country select whose values are two-letter lowercase codes. */
export function CountrySelect({ value, guessNote, ...props }: CountrySelectProps) {
  return (
    <Select
      {...(guessNote
        ? {
            description: (
              <span className={classes.guess} data-testid="country-guess">
                <IconMapPin size={16} aria-hidden />
                {guessNote}
              </span>
            ),
            inputWrapperOrder: NOTE_BELOW_INPUT,
          }
        : {})}
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

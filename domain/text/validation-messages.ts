import { z } from 'zod';

/**
 * What a person reads when a value fails a shared schema and the schema gave no words of its own:
 * zod's own texts ("Invalid input: expected string, received undefined") are written for
 * programmers. Schemas still name their own messages where the form has one ("Choose your
 * country."); these are the fallback, installed once per process (`installValidationMessages`, in
 * the API's error handling and the web app's entry), so no zod text reaches a person.
 */
export const validationMessages = {
  required: 'This field is required.',
  invalid: 'Enter a valid value.',
  text: 'Enter text here.',
  number: 'Enter a number.',
  whole: 'Enter a whole number.',
  yesOrNo: 'Choose yes or no.',
  list: 'Choose from the list.',
  choice: 'Choose one of the offered values.',
  email: 'Enter a valid email address.',
  url: 'Enter a full web address starting with https://',
  date: 'Enter a valid date.',
  unknownFields: (keys: readonly string[]) =>
    `This form has no field${keys.length === 1 ? '' : 's'} called ${keys.join(', ')}.`,
  atLeastCharacters: (minimum: number) =>
    minimum <= 1 ? 'This field is required.' : `Enter at least ${minimum} characters.`,
  atMostCharacters: (maximum: number) => `Enter at most ${maximum} characters.`,
  atLeast: (minimum: string) => `Enter ${minimum} or more.`,
  above: (minimum: string) => `Enter more than ${minimum}.`,
  atMost: (maximum: string) => `Enter ${maximum} or less.`,
  below: (maximum: string) => `Enter less than ${maximum}.`,
  atLeastItems: (minimum: number) => (minimum <= 1 ? 'Choose at least one.' : `Choose at least ${minimum}.`),
  atMostItems: (maximum: number) => `Choose at most ${maximum}.`,
  multipleOf: (divisor: string) => `Enter a multiple of ${divisor}.`,
} as const;

type Issue = z.core.$ZodRawIssue;

function typeMessage(expected: string): string {
  switch (expected) {
    case 'string':
      return validationMessages.text;
    case 'number':
    case 'bigint':
      return validationMessages.number;
    case 'int':
      return validationMessages.whole;
    case 'boolean':
      return validationMessages.yesOrNo;
    case 'array':
    case 'set':
    case 'tuple':
      return validationMessages.list;
    case 'date':
      return validationMessages.date;
    default:
      return validationMessages.invalid;
  }
}

/** The person's words for a zod issue; always a sentence, never zod's text. */
export function personMessageOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? validationMessages.required
        : typeMessage(String(issue.expected));
    case 'too_small': {
      const minimum = issue.minimum;
      if (issue.origin === 'string') return validationMessages.atLeastCharacters(Number(minimum));
      if (issue.origin === 'array' || issue.origin === 'set') {
        return validationMessages.atLeastItems(Number(minimum));
      }
      return issue.inclusive === false
        ? validationMessages.above(String(minimum))
        : validationMessages.atLeast(String(minimum));
    }
    case 'too_big': {
      const maximum = issue.maximum;
      if (issue.origin === 'string') return validationMessages.atMostCharacters(Number(maximum));
      if (issue.origin === 'array' || issue.origin === 'set') {
        return validationMessages.atMostItems(Number(maximum));
      }
      return issue.inclusive === false
        ? validationMessages.below(String(maximum))
        : validationMessages.atMost(String(maximum));
    }
    case 'invalid_format':
      if (issue.format === 'email') return validationMessages.email;
      if (issue.format === 'url') return validationMessages.url;
      if (['datetime', 'date', 'time'].includes(issue.format)) return validationMessages.date;
      return validationMessages.invalid;
    case 'not_multiple_of':
      return validationMessages.multipleOf(String(issue.divisor));
    case 'unrecognized_keys':
      return validationMessages.unknownFields(issue.keys);
    case 'invalid_value':
      return validationMessages.choice;
    default:
      return validationMessages.invalid;
  }
}

/** Makes `personMessageOf` zod's fallback for every schema in this process (a schema's own words win). */
export function installValidationMessages(): void {
  z.config({ customError: (issue) => personMessageOf(issue) });
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as accountSchemas from '../accounts/account.schemas';
import * as itemEditorSchemas from '../catalog/item-editor.schemas';
import * as tagSchemas from '../catalog/tags.schemas';
import * as versionSchemas from '../community/skin-version.schemas';
import * as moderationSchemas from '../moderation/moderation.schemas';
import * as checkoutSchemas from '../orders/checkout.schemas';
import { installValidationMessages, personMessageOf } from './validation-messages';

installValidationMessages();

/** zod's own English texts (its `en` locale), which people must never read. */
const ZOD_TEXT =
  /Invalid input|Invalid option|expected .*, received|Too (small|big)|Invalid (string|number|key|value|discriminator|email|URL|UUID)|Unrecognized key|must match pattern/;

const modules = {
  accountSchemas,
  itemEditorSchemas,
  tagSchemas,
  versionSchemas,
  moderationSchemas,
  checkoutSchemas,
};
/** Every schema the domain shares with the web forms and the API. */
const sharedSchemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${module}.${name}`, schema })),
);

/** Values of every wrong kind, for a whole input and for each field of an object. */
const wrongValues: unknown[] = [
  undefined,
  null,
  42,
  -1,
  1.5,
  'x',
  '',
  true,
  [],
  {},
  ['x'],
  'x'.repeat(5_000),
];

function shapeOf(schema: z.ZodType): Record<string, unknown> | null {
  const def = (schema as { def?: { shape?: Record<string, unknown>; in?: z.ZodType; schema?: z.ZodType } })
    .def;
  if (def?.shape) return def.shape;
  const inner = def?.in ?? def?.schema;
  return inner ? shapeOf(inner) : null;
}

describe('the shared schemas speak to people', () => {
  it('finds the shared schemas', () => {
    expect(sharedSchemas.length).toBeGreaterThan(15);
    expect(sharedSchemas.map((entry) => entry.name)).toContain('accountSchemas.registerSchema');
  });

  it("no failure of any shared schema, whole or field by field, reads as zod's own text", () => {
    const texts: { schema: string; input: string; message: string }[] = [];
    for (const { name, schema } of sharedSchemas) {
      const inputs: unknown[] = [...wrongValues];
      const shape = shapeOf(schema);
      for (const field of Object.keys(shape ?? {})) {
        for (const value of wrongValues) inputs.push({ [field]: value });
      }
      inputs.push({ unexpectedField: 1 });
      for (const input of inputs) {
        const result = schema.safeParse(input);
        for (const issue of result.error?.issues ?? []) {
          texts.push({ schema: name, input: JSON.stringify(input) ?? 'undefined', message: issue.message });
        }
      }
    }
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter((text) => ZOD_TEXT.test(text.message))).toEqual([]);
  });

  it('a missing country reads as the form says', () => {
    const register = accountSchemas.registerSchema.safeParse({
      username: 'racer',
      email: 'racer@example.com',
      password: 'long-enough',
    });
    expect(register.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['country', 'Choose your country.'],
    ]);
    const update = accountSchemas.updateMyUserSchema.safeParse({ country: null });
    expect(update.error?.issues.map((issue) => issue.message)).toEqual(['Choose your country.']);
  });
});

describe('personMessageOf, for schemas without their own words', () => {
  const messages = (schema: z.ZodType, input: unknown) =>
    schema.safeParse(input).error?.issues.map((issue) => issue.message);

  it('says what to do, in the units of the field', () => {
    expect(messages(z.object({ name: z.string() }), {})).toEqual(['This field is required.']);
    expect(messages(z.string(), 5)).toEqual(['Enter text here.']);
    expect(messages(z.number(), 'five')).toEqual(['Enter a number.']);
    expect(messages(z.boolean(), 'yes')).toEqual(['Choose yes or no.']);
    expect(messages(z.string().min(3), 'ab')).toEqual(['Enter at least 3 characters.']);
    expect(messages(z.string().min(1), '')).toEqual(['This field is required.']);
    expect(messages(z.string().max(2), 'abc')).toEqual(['Enter at most 2 characters.']);
    expect(messages(z.number().min(2), 1)).toEqual(['Enter 2 or more.']);
    expect(messages(z.number().positive(), 0)).toEqual(['Enter more than 0.']);
    expect(messages(z.number().max(9), 10)).toEqual(['Enter 9 or less.']);
    expect(messages(z.array(z.string()).min(1), [])).toEqual(['Choose at least one.']);
    expect(messages(z.array(z.string()).max(1), ['a', 'b'])).toEqual(['Choose at most 1.']);
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual(['Choose one of the offered values.']);
    expect(messages(z.email(), 'nope')).toEqual(['Enter a valid email address.']);
    expect(messages(z.number().multipleOf(5), 7)).toEqual(['Enter a multiple of 5.']);
    expect(messages(z.strictObject({}), { extra: 1 })).toEqual(['This form has no field called extra.']);
    expect(messages(z.union([z.string(), z.number()]), true)).toEqual(['Enter a valid value.']);
  });

  it("a schema's own words still win", () => {
    expect(messages(z.string().min(3, 'Three at least.'), 'ab')).toEqual(['Three at least.']);
    expect(personMessageOf({ code: 'custom', input: 1 })).toBe('Enter a valid value.');
  });
});

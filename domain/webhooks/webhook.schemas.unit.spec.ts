import { describe, expect, it } from 'vitest';
import { webhookEndpointInputSchema, webhookUrlSchema } from './webhook.schemas';

const messages = (value: string) => {
  const result = webhookUrlSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('webhook addresses', () => {
  it('takes https addresses and the local http address', () => {
    expect(messages('https://example.com/hooks?x=1')).toEqual([]);
    expect(messages('http://127.0.0.1:4000/hooks')).toEqual([]);
  });
  it('refuses other schemes, credentials and fragments with a clear message', () => {
    expect(messages('http://example.com/hooks')).toEqual(['The address must start with https://.']);
    expect(messages('http://localhost/hooks')).toEqual(['The address must start with https://.']);
    expect(messages('https://me:pw@example.com/')).toEqual([
      'The address must not contain a user name or password.',
    ]);
    expect(messages('https://example.com/#x')).toEqual(['The address must not contain a #fragment.']);
    expect(messages('example.com')).toEqual(['Enter a full address, like https://example.com/hooks.']);
    expect(messages(`https://example.com/${'a'.repeat(2000)}`)).toEqual(['At most 2000 characters.']);
  });
});

describe('webhook endpoint input', () => {
  it('an author endpoint by default, with at least one of its events', () => {
    expect(
      webhookEndpointInputSchema.parse({ url: 'https://example.com/h', eventTypes: ['sale.completed'] }),
    ).toEqual({ url: 'https://example.com/h', scope: 'AUTHOR', eventTypes: ['sale.completed'] });
    expect(
      webhookEndpointInputSchema.safeParse({ url: 'https://example.com/h', eventTypes: [] }).success,
    ).toBe(false);
  });
  it('refuses events the scope cannot see', () => {
    const author = webhookEndpointInputSchema.safeParse({
      url: 'https://example.com/h',
      eventTypes: ['report.created'],
    });
    expect(author.success).toBe(false);
    const site = webhookEndpointInputSchema.safeParse({
      url: 'https://example.com/h',
      scope: 'SITE',
      eventTypes: ['rating.created'],
    });
    expect(site.success).toBe(false);
    expect(
      webhookEndpointInputSchema.safeParse({
        url: 'https://example.com/h',
        scope: 'SITE',
        eventTypes: ['report.created'],
      }).success,
    ).toBe(true);
  });
});

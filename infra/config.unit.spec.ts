import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './config';

describe('configuration', () => {
  it('runs with no environment at all: port 3000, ./.data, embedded database, demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('.data'),
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and SEED_DEMO', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/skins',
      DATABASE_URL: 'postgres://u:p@db:5432/skins',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/skins',
      databaseUrl: 'postgres://u:p@db:5432/skins',
      seedDemo: false,
      publicUrl: 'http://localhost:8080',
    });
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe' })).toThrow(/PORT[\s\S]*SEED_DEMO/);
  });
  it('runs the payment stand-ins without keys, and reads the providers and the PayPal fee', () => {
    expect(loadConfig({}).payments).toEqual({
      stripe: null,
      paypal: null,
      paypalFee: { percent: 3.49, fixedCents: 35 },
    });
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_HOST: 'localhost',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_ENVIRONMENT: 'production',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_FEE_PERCENT: '2.9',
      PAYPAL_FEE_FIXED_CENTS: '30',
    });
    expect(config.payments).toEqual({
      stripe: {
        secretKey: 'sk_test_1',
        webhookSecret: 'whsec_1',
        api: { host: 'localhost', port: 12111, protocol: 'http' },
      },
      paypal: { clientId: 'client', clientSecret: 'secret', environment: 'production', webhookId: 'WH-1' },
      paypalFee: { percent: 2.9, fixedCents: 30 },
    });
  });

  it("refuses half a provider's keys and a PayPal fee finer than 0.01 %", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYPAL_CLIENT_SECRET: 'secret' })).toThrow(/PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ PAYPAL_FEE_PERCENT: '3.495' })).toThrow(/PAYPAL_FEE_PERCENT/);
  });
});

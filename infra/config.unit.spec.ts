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

  it('serves HTTPS with HTTP/2 only with both TLS files, and says so in the default public address', () => {
    expect(loadConfig({}).tls).toBeNull();
    const config = loadConfig({ PORT: '8443', TLS_CERT_FILE: 'tls/cert.pem', TLS_KEY_FILE: 'tls/key.pem' });
    expect(config.tls).toEqual({
      certFile: path.resolve('tls/cert.pem'),
      keyFile: path.resolve('tls/key.pem'),
    });
    expect(config.publicUrl).toBe('https://localhost:8443');
    expect(() => loadConfig({ TLS_CERT_FILE: 'tls/cert.pem' })).toThrow(
      /TLS_CERT_FILE and TLS_KEY_FILE must be set together/,
    );
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

describe('social publishing configuration', () => {
  it('writes to the local outbox without keys, and reads each network’s keys and base URL', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/skins' }).social).toEqual({
      outboxDir: '/tmp/skins/outbox/social',
      twitter: null,
      instagram: null,
    });
    const config = loadConfig({
      DATA_DIR: '/tmp/skins',
      X_API_KEY: 'consumer-key',
      X_API_SECRET: 'consumer-secret',
      X_ACCESS_TOKEN: 'access-token',
      X_ACCESS_TOKEN_SECRET: 'access-secret',
      INSTAGRAM_USER_ID: '17841400000000000',
      INSTAGRAM_ACCESS_TOKEN: 'EAAG-token',
    });
    expect(config.social).toEqual({
      outboxDir: '/tmp/skins/outbox/social',
      twitter: {
        apiKey: 'consumer-key',
        apiSecret: 'consumer-secret',
        accessToken: 'access-token',
        accessTokenSecret: 'access-secret',
        baseUrl: 'https://api.x.com',
      },
      instagram: {
        userId: '17841400000000000',
        accessToken: 'EAAG-token',
        baseUrl: 'https://graph.facebook.com/v26.0',
      },
    });
    const standIns = loadConfig({
      INSTAGRAM_USER_ID: '1',
      INSTAGRAM_ACCESS_TOKEN: 't',
      INSTAGRAM_GRAPH_BASE_URL: 'http://127.0.0.1:4000/v26.0/',
      X_API_BASE_URL: 'http://127.0.0.1:4001',
    }).social;
    expect(standIns.instagram?.baseUrl).toBe('http://127.0.0.1:4000/v26.0');
    expect(standIns.twitter).toBeNull();
  });

  it("refuses part of a network's keys, a non-numeric Instagram account and a base URL that is not HTTP", () => {
    expect(() => loadConfig({ X_API_KEY: 'k', X_API_SECRET: 's', X_ACCESS_TOKEN: 't' })).toThrow(
      /X_API_KEY, X_API_SECRET, X_ACCESS_TOKEN and X_ACCESS_TOKEN_SECRET must be set together/,
    );
    expect(() => loadConfig({ INSTAGRAM_ACCESS_TOKEN: 't' })).toThrow(
      /INSTAGRAM_USER_ID and INSTAGRAM_ACCESS_TOKEN must be set together/,
    );
    expect(() => loadConfig({ INSTAGRAM_USER_ID: '@trackskins', INSTAGRAM_ACCESS_TOKEN: 't' })).toThrow(
      /INSTAGRAM_USER_ID/,
    );
    expect(() => loadConfig({ X_API_BASE_URL: 'ftp://api.x.com' })).toThrow(/X_API_BASE_URL/);
  });
  it('keeps stored files on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/skins' })).toMatchObject({
      storageDir: '/tmp/skins/files',
      s3: null,
    });
  });

  it('reads an S3-compatible bucket: endpoint, static keys, path style and a prefix', () => {
    const config = loadConfig({
      S3_BUCKET: 'trackskins-files',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_ACCESS_KEY_ID: 'minio-user',
      S3_SECRET_ACCESS_KEY: 'minio-password',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'production',
    });
    expect(config.s3).toEqual({
      bucket: 'trackskins-files',
      region: 'eu-central-1',
      endpoint: 'http://minio:9000',
      credentials: { accessKeyId: 'minio-user', secretAccessKey: 'minio-password' },
      forcePathStyle: true,
      prefix: 'production/',
    });
  });

  it('leaves AWS S3 credentials to the SDK when no keys are set', () => {
    expect(loadConfig({ S3_BUCKET: 'trackskins-files' }).s3).toEqual({
      bucket: 'trackskins-files',
      region: 'us-east-1',
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('refuses half the S3 keys, S3 settings without a bucket, and a prefix that is not a path', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ENDPOINT set without S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_PREFIX: '/abs/../x' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'ftp://minio' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});

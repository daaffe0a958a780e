import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './config';

describe('upload limits in the configuration', () => {
  it('reads megabytes of 1,048,576 bytes, with defaults', () => {
    expect(loadConfig({}).uploads).toEqual({
      temporaryQuotaBytes: 300 * 1024 * 1024,
      dailyBudgetBytes: 1000 * 1024 * 1024,
      zipMaxInflatedBytes: 512 * 1024 * 1024,
      zipMaxCompressionRatio: 100,
    });
    expect(
      loadConfig({ UPLOAD_DAILY_BUDGET_MB: '2000', ZIP_MAX_COMPRESSION_RATIO: '50' }).uploads,
    ).toMatchObject({
      dailyBudgetBytes: 2000 * 1024 * 1024,
      zipMaxCompressionRatio: 50,
    });
  });

  it('refuses a quota too small for one item’s pictures and zip', () => {
    expect(() => loadConfig({ UPLOAD_TEMPORARY_QUOTA_MB: '100' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ UPLOAD_TEMPORARY_QUOTA_MB: '100' })).toThrow(/UPLOAD_TEMPORARY_QUOTA_MB/);
  });
});

import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './download-file';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted file name', () => {
    expect(filenameFromContentDisposition('attachment; filename="sepa-2025-03-14.xml"', 'x')).toBe(
      'sepa-2025-03-14.xml',
    );
  });

  it('prefers the encoded name', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="payout.csv"; filename*=UTF-8''v%C3%BDplata-12.csv`,
        'x',
      ),
    ).toBe('výplata-12.csv');
  });

  it('reads a bare name and keeps folders out', () => {
    expect(filenameFromContentDisposition('attachment; filename=../../sepa.xml', 'x')).toBe('.._.._sepa.xml');
  });

  it('falls back without a header or a name', () => {
    expect(filenameFromContentDisposition(null, 'sepa.xml')).toBe('sepa.xml');
    expect(filenameFromContentDisposition('attachment', 'sepa.xml')).toBe('sepa.xml');
  });
});

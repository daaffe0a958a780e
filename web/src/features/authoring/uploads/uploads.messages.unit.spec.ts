import { describe, expect, it } from 'vitest';
import { isRetryable, uploadFailureMessage } from './uploads.messages';

describe('upload messages (spec 8)', () => {
  it('names a refused file as the spec says, for pictures and for the zip', () => {
    expect(uploadFailureMessage('UNKNOWN_FILENAME', 'IMAGE')).toBe(
      'Invalid file. Only JPG and PNG images are allowed.',
    );
    expect(uploadFailureMessage('INVALID_FILENAME', 'SKIN_SOURCE')).toBe(
      'Invalid file. Make sure you are uploading a valid .zip file.',
    );
    expect(uploadFailureMessage('IMAGE_TOO_LARGE', 'IMAGE')).toBe('Image is too large.');
    expect(uploadFailureMessage('ZIP_TOO_LARGE', 'SKIN_SOURCE')).toBe('File is too large. Limit is 25 MB.');
  });

  it('says which upload limit was reached; a later try may succeed', () => {
    expect(uploadFailureMessage('UPLOAD_QUOTA_FULL', 'IMAGE')).toMatch(/too many files waiting to be saved/);
    expect(uploadFailureMessage('DAILY_UPLOAD_LIMIT', 'SKIN_SOURCE')).toMatch(/today’s upload limit/);
    expect(isRetryable('DAILY_UPLOAD_LIMIT')).toBe(true);
  });

  it('answers anything else with the generic message, which may be retried', () => {
    expect(uploadFailureMessage(null, 'IMAGE')).toBe(
      'There was an error uploading the image. Remove it and try again.',
    );
    expect(isRetryable(null)).toBe(true);
    expect(isRetryable('Rate limit exceeded')).toBe(true);
    expect(isRetryable('IMAGE_TOO_LARGE')).toBe(false);
  });
});

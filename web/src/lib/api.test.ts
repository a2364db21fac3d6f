import { describe, expect, it } from 'vitest';
import { errorFromResponse, parseRetryAfter } from './api';

describe('errorFromResponse', () => {
  it('reads the code and message of a JSON error body', () => {
    const error = errorFromResponse(
      429,
      'Too Many Requests',
      JSON.stringify({ error: { code: 'quota_exceeded', message: 'No images left' } }),
    );
    expect(error).toMatchObject({ status: 429, code: 'quota_exceeded', message: 'No images left' });
  });

  it('falls back to "status: body" and then "status: status text"', () => {
    expect(errorFromResponse(502, 'Bad Gateway', 'upstream down')).toMatchObject({ code: 'unknown', message: '502: upstream down' });
    expect(errorFromResponse(500, 'Internal Server Error', '').message).toBe('500: Internal Server Error');
    expect(errorFromResponse(400, 'Bad Request', '{"other":1}').message).toBe('400: {"other":1}');
  });
});

describe('Retry-After is read into ApiError (decision 0162)', () => {
  it('reads seconds and HTTP dates, at least 1 s, and nothing from an absent or odd header', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(' 60 ')).toBe(60);
    expect(parseRetryAfter('0')).toBe(1);
    const now = Date.parse('2026-11-26T17:00:00Z');
    expect(parseRetryAfter('Thu, 26 Nov 2026 17:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it("keeps a 503's Retry-After beside the server's code", () => {
    const body = JSON.stringify({ error: { code: 'server_busy', message: 'We are processing many images right now.' } });
    expect(errorFromResponse(503, 'Service Unavailable', body, '17')).toMatchObject({ code: 'server_busy', retryAfterSeconds: 17 });
    expect(errorFromResponse(503, 'Service Unavailable', body).retryAfterSeconds).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { errorFromResponse } from './api';

describe('errorFromResponse', () => {
  it('reads the code and message of a JSON error body', () => {
    const error = errorFromResponse(429, 'Too Many Requests', JSON.stringify({ error: { code: 'quota_exceeded', message: 'No images left' } }));
    expect(error).toMatchObject({ status: 429, code: 'quota_exceeded', message: 'No images left' });
  });

  it('falls back to "status: body" and then "status: status text"', () => {
    expect(errorFromResponse(502, 'Bad Gateway', 'upstream down')).toMatchObject({ code: 'unknown', message: '502: upstream down' });
    expect(errorFromResponse(500, 'Internal Server Error', '').message).toBe('500: Internal Server Error');
    expect(errorFromResponse(400, 'Bad Request', '{"other":1}').message).toBe('400: {"other":1}');
  });
});

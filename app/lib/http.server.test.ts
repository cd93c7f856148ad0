import { describe, expect, it } from 'vitest';
import { Gone, Limited, NotFound } from './errors';
import { errorResponse, jsonError } from './http.server';

describe('JSON answers are plain Fetch Responses', () => {
  it('jsonError: the status, a JSON body with error and message, and the headers given', async () => {
    const limited = jsonError(429, 'Too many.', { scope: 'shop' }, { 'Retry-After': '30' });
    expect(limited).toBeInstanceOf(Response);
    expect(Object.getPrototypeOf(limited)).toBe(Response.prototype);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.headers.get('content-type')).toBe('application/json');
    expect(await limited.json()).toEqual({ error: 'Too many.', message: 'Too many.', scope: 'shop' });
  });

  it('errorResponse: a domain error becomes its status, with Retry-After for a rate limit', async () => {
    const missing = errorResponse(new NotFound('Group order not found'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: 'Group order not found',
      message: 'Group order not found',
    });
    expect(errorResponse(new Gone('This link has expired.')).status).toBe(410);
    const limited = errorResponse(new Limited('Too many confirms.', 12));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('12');
  });
});

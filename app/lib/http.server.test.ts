import { describe, expect, it } from 'vitest';
import { JSON_ANSWER } from '../../scripts/deferred-fetch.mjs';
import { json, jsonError } from './http.server';

type Answer = { status: number; text: string } | undefined;
const answerOf = (response: Response) => (response as unknown as Record<symbol, Answer>)[JSON_ANSWER];

describe('json(): a JSON answer that builds its Response only when asked (scripts/deferred-fetch.mjs)', () => {
  it('offers the direct path its status and text without building a Response', () => {
    const response = json({ items: [{ name: 'Latte' }] }, { status: 201 });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(answerOf(response)).toEqual({ status: 201, text: '{"items":[{"name":"Latte"}]}' });
  });

  it('is a Response in every other respect, as Remix and the tests read it', async () => {
    const response = json({ error: 'Group order not found' }, { status: 404 });
    expect(response).toBeInstanceOf(Response);
    expect(response.ok).toBe(false);
    expect(response.statusText).toBe('');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.bodyUsed).toBe(false);
    const copy = response.clone();
    expect(await response.json()).toEqual({ error: 'Group order not found' });
    expect(response.bodyUsed).toBe(true);
    expect(await copy.text()).toBe('{"error":"Group order not found"}');
    expect(Object.prototype.toString.call(response)).toBe('[object Response]');
  });

  it('stops offering its text once the real Response exists (its headers or body may have changed)', () => {
    const response = json({ ok: true });
    response.headers.set('Retry-After', '60');
    expect(answerOf(response)).toBeUndefined();
    expect(response.headers.get('retry-after')).toBe('60');
    expect(response.status).toBe(200);
  });

  it('builds the Response at once when the answer has headers or a status text of its own', async () => {
    const limited = jsonError(429, 'Too many.', undefined, { 'Retry-After': '30' });
    expect(answerOf(limited)).toBeUndefined();
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.headers.get('content-type')).toBe('application/json');
    expect(await limited.json()).toEqual({ error: 'Too many.', message: 'Too many.' });
    expect(json(null, { status: 200, statusText: 'Fine' }).statusText).toBe('Fine');
  });
});

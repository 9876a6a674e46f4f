import { afterEach, describe, expect, it } from 'vitest';
import { call, callResponse } from '../../src/api/call.ts';
import { apiErrorText, refusalOf, send, setApiBaseUrl } from '../../src/api/http.ts';
import { adminItemPhotoUpload, adminItemUpdate } from '../../core/protocol/routes/admin.ts';
import { invoices } from '../../core/protocol/routes/payments.ts';
import { betHistoryCsv } from '../../core/protocol/routes/player.ts';
import { useBalance } from '../../src/stores/balance.ts';
import { scriptFetch, type FakeAnswer, type SentCall } from './fakeApi.ts';
import { startBalanceAt, shownCoins } from './heldBalance.ts';

// The shop's one HTTP client (src/api/http.ts, src/api/call.ts) at the network edge, the browser's
// fetch: what a call sends (address, query, body, headers) and what the caller gets back (JSON, a
// file, the balance it carries, a refusal). A route whose body is a file (the item editor's photo,
// docs/operator-console.md "Item photos") sends the file's bytes under the file's own type: sent as
// JSON, a Blob would go out as "{}" and the server could not read it.

afterEach(() => setApiBaseUrl(''));

/** The call as sent and what the caller got, the server answering `reply`. */
async function exchange<T>(run: () => Promise<T>, reply: FakeAnswer): Promise<{ call: SentCall; got: T | unknown }> {
  let seen: SentCall | undefined;
  const restore = scriptFetch((sent) => {
    seen = sent;
    return reply;
  });
  try {
    const got = await run().catch((error: unknown) => error);
    return { call: seen!, got };
  } finally {
    restore();
  }
}

async function sent(run: () => Promise<unknown>): Promise<SentCall> {
  let seen: SentCall | undefined;
  const restore = scriptFetch((call) => {
    seen = call;
    return { status: 200, data: {} };
  });
  try {
    await run();
  } finally {
    restore();
  }
  return seen!;
}

describe('a file as a call’s body', () => {
  it('goes as its raw bytes under its own type', async () => {
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'application/octet-stream' });
    const config = await sent(() => callResponse(adminItemPhotoUpload, { params: { id: 7 }, body: file }));
    expect(config.method).toBe('PUT');
    expect(config.url).toBe('/api/admin/items/7/photo');
    expect(config.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(config.body).toBe(file);
  });

  it('a file without a type goes as octet-stream; a JSON body stays JSON', async () => {
    const untyped = await sent(() => callResponse(adminItemPhotoUpload, { params: { id: 7 }, body: new Blob(['x']) }));
    expect(untyped.headers.get('Content-Type')).toBe('application/octet-stream');
    const json = await sent(() => callResponse(adminItemUpdate, { params: { id: 7 }, body: { name: 'A', brand: 'B', category: 'sneakers', price: 1, rarity: 'common', size_kind: null, art_kind: null } }));
    expect(json.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(json.body).toMatchObject({ name: 'A', price: 1 });
  });
});

describe('the HTTP client', () => {
  it('sends the query without blanks under the configured base URL, and follows an answer\'s own link as it is', async () => {
    setApiBaseUrl('https://api.example.com/');
    const listed = await exchange(() => call(invoices, { query: { gateway: undefined, from: '2026-11-01', page: 2 } }), { status: 200, data: { data: [] } });
    expect(listed.call.href).toBe('https://api.example.com/api/profile/invoices?from=2026-11-01&page=2');
    expect(listed.call.method).toBe('GET');
    expect(listed.call.headers.get('Accept')).toBe('application/json');
    expect(listed.got).toEqual({ data: [] });
    setApiBaseUrl('/');
    const next = await exchange(() => send({ method: 'GET', path: '/api/profile/invoices?from=2026-11-01&page=3' }), { status: 200, data: {} });
    expect(next.call.href).toBe('/api/profile/invoices?from=2026-11-01&page=3');
  });

  it('hands a file answer over as a Blob, and the balance an answer carries to the store first', async () => {
    startBalanceAt(10);
    const csv = new Blob(['id,game\n1,dice\n'], { type: 'text/csv' });
    const { got } = await exchange(() => callResponse(betHistoryCsv, { query: {} }, { headers: { Accept: 'text/csv' } }), { status: 200, data: csv, balance: { coins: 12.5, version: 2 } });
    const response = got as Awaited<ReturnType<typeof callResponse<typeof betHistoryCsv>>>;
    expect(await response.data.text()).toBe('id,game\n1,dice\n');
    expect(useBalance.getState().newest).toEqual({ coins: 12.5, version: 2 });
    expect(shownCoins()).toBe(12.5);
  });

  it('throws a refusal with the server\'s answer, whose text the toasts show; a network failure has none', async () => {
    const refused = await exchange(() => call(invoices, {}), { status: 422, data: { message: 'The from date is not valid.', errors: { from: ['The from date is not valid.'] } } });
    expect(refusalOf(refused.got)?.errors?.from).toEqual(['The from date is not valid.']);
    expect(apiErrorText(refused.got)).toBe('The from date is not valid.');
    const restore = scriptFetch(() => {
      throw new TypeError('Failed to fetch'); // as the browser's fetch rejects when nothing answers
    });
    const down = await call(invoices, {}).catch((e: unknown) => e);
    restore();
    expect(refusalOf(down)).toBeUndefined();
    expect(apiErrorText(down, 'Offline')).toBe('Offline');
  });
});

import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../src/api/http.ts';
import { callResponse } from '../../src/api/call.ts';
import { adminItemPhotoUpload, adminItemUpdate } from '../../core/protocol/routes/admin.ts';

// A route whose body is a file (the item editor's photo, docs/operator-console.md "Item photos")
// sends the file's bytes under the file's own type: left to axios, a Blob went out labelled
// application/x-www-form-urlencoded and the server could not read it.

const original = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = original;
});

async function sent(run: () => Promise<unknown>): Promise<InternalAxiosRequestConfig> {
  let seen: InternalAxiosRequestConfig | undefined;
  api.defaults.adapter = async (config) => {
    seen = config;
    return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
  };
  await run();
  return seen!;
}

describe('a file as a call’s body', () => {
  it('goes as its raw bytes under its own type', async () => {
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'application/octet-stream' });
    const config = await sent(() => callResponse(adminItemPhotoUpload, { params: { id: 7 }, body: file }));
    expect(config.method).toBe('put');
    expect(config.url).toBe('/api/admin/items/7/photo');
    expect(config.headers.getContentType()).toBe('application/octet-stream');
    expect(config.data).toBe(file);
  });

  it('a file without a type goes as octet-stream; a JSON body stays JSON', async () => {
    const untyped = await sent(() => callResponse(adminItemPhotoUpload, { params: { id: 7 }, body: new Blob(['x']) }));
    expect(untyped.headers.getContentType()).toBe('application/octet-stream');
    const json = await sent(() => callResponse(adminItemUpdate, { params: { id: 7 }, body: { name: 'A', brand: 'B', category: 'sneakers', price: 1, rarity: 'common', size_kind: null, art_kind: null } }));
    expect(String(json.headers.getContentType())).toMatch(/^application\/json/);
  });
});

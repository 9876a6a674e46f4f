import { describe, expect, it } from 'vitest';
import { boxCardMarkup, boxHeroMarkup } from '../../../server/boxes/pageFills.ts';
import { jsonForScript } from '../../../server/http/html.ts';
import { pathParams } from '../../../server/plugins/client.ts';

// The box page's fill is written into HTML by the server: a box's own texts must stay text.
describe('the box pages\' fills', () => {
  const nasty = { slug: 'a"b', name: '<img src=x onerror=alert(1)> & "quotes"', img_url: '/api/art/boxes/a"><script>.svg', type: "o'neil", items: [1, 2, 3] };

  it('escapes the box texts in the hero', () => {
    const html = boxHeroMarkup(nasty);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<h1>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;</h1>');
    expect(html).toContain('data-box="a&quot;b"');
    expect(html).toContain('src="/api/art/boxes/a&quot;&gt;&lt;script&gt;.svg"');
    expect(html).toContain('3 items · o&#39;neil');
  });

  it('escapes the box texts in a card', () => {
    const html = boxCardMarkup({ ...nasty, type: 'unique', price: 12.5 });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="/boxes/a%22b" data-box="a&quot;b"');
    expect(html).toContain('<span class="box-card__badge">Unique</span>');
    expect(html).toContain('<span>12.50</span>');
  });

  it('writes data that cannot close its data block and reads back the same', () => {
    const data = { box: { ...nasty, name: '</script><script>alert(1)</script><!-- \u2028\u2029' } };
    const json = jsonForScript(data);
    expect(json).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('a filled page path', () => {
  const box = pathParams('/boxes/:slug');

  it('gives the decoded slug of one whole segment', () => {
    expect(box('/boxes/gift-card-grab')).toEqual({ slug: 'gift-card-grab' });
    expect(box('/boxes/caf%C3%A9')).toEqual({ slug: 'café' });
    for (const url of ['/boxes', '/boxes/', '/boxes/a/b', '/boxesx/a', '/x/boxes/a', '/boxes/%E0%A4%A']) expect(box(url), url).toBeNull();
  });
});

import type { OpsServices } from '../services.ts';
import { coinsToCents } from '../../core/money/cents.ts';
import { formatRtp } from '../../core/games/boxes.ts';
import { OPS_ACTOR } from '../admin/audit.ts';
import { HttpError } from '../http/errors.ts';
import { listAdminBoxes, publishBoxVersion } from './boxEditor.ts';
import { listVersions } from './boxVersions.ts';

// `npm run ops -- catalog <boxes|versions|publish>`: the console's box verbs from the command line
// (docs/operator-console.md, "Catalog and boxes"), through the same domain functions, audited as
// the ops command.
export const catalogCommand = {
  summary: 'shop boxes: boxes [--search S] | versions --box SLUG | publish --box SLUG --price COINS --items "itemId:units,…"',
  options: { search: { type: 'string' as const }, box: { type: 'string' as const }, price: { type: 'string' as const }, items: { type: 'string' as const } },
  positionals: true,
  async run({ db }: OpsServices, values: Record<string, string | boolean | undefined>, positionals: string[] = []) {
    const action = positionals[0] ?? 'boxes';
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (action === 'boxes') {
      const search = typeof values.search === 'string' ? values.search : undefined;
      for (let offset = 0; ; offset += 100) {
        const { rows, total } = await listAdminBoxes(db, search, { limit: 100, offset });
        for (const b of rows) out([b.id, b.slug, b.name, b.type, b.price.toFixed(2), `v${b.version?.number ?? '-'}`, `${b.items_count} items`, `RTP ${formatRtp(b.rtp)}`].join('\t'));
        if (offset + 100 >= total) break;
      }
      return;
    }
    const slug = typeof values.box === 'string' ? values.box : '';
    const box = slug ? await db.selectFrom('boxes').select(['id', 'name']).where('slug', '=', slug).executeTakeFirst() : undefined;
    if (!box) throw new Error('--box must be a box\'s slug');
    if (action === 'versions') {
      for (const v of await listVersions(db, Number(box.id))) {
        out([`v${v.number}${v.current ? ' (current)' : ''}`, (v.price / 100).toFixed(2), `RTP ${formatRtp(v.rtp)}`, `${v.openings} openings`, v.created_at.toISOString(), v.created_by ?? 'seed or ops command'].join('\t'));
        for (const i of v.items) out(`\t${i.item_id}\t${(i.odds_units / 1000).toFixed(3)}%\t${i.name}`);
      }
      return;
    }
    if (action !== 'publish') throw new Error('catalog: boxes, versions or publish');
    const price = coinsToCents(Number(values.price));
    if (price === null || price <= 0) throw new Error('--price must be a positive amount of coins (at most 2 decimals)');
    const items = String(values.items ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [id, units] = pair.split(':').map(Number);
        if (!Number.isSafeInteger(id) || !Number.isSafeInteger(units)) throw new Error('--items is "itemId:units,…" (units out of 100000)');
        return { item_id: id!, odds_units: units! };
      });
    try {
      const number = await publishBoxVersion(db, OPS_ACTOR, Number(box.id), { price, items });
      out(`${slug}: version ${number} published`);
    } catch (error) {
      // The console's refusals (422 with the field's message) read the same here.
      if (error instanceof HttpError) throw new Error(JSON.stringify(error.body), { cause: error });
      throw error;
    }
  },
};

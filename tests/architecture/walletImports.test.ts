import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsIn, importsOf, ROOT, sources } from './imports.ts';

// No arrow from the wallet to a domain (docs/architecture.md, "The wallet and the domains' effects"):
// server/wallet/ keeps money and group commit, and each domain builds what its play writes in its
// own module and hands it to the wallet (server/wallet/settlements.ts). So the wallet imports only
// itself and the plumbing below every domain, listed here; a game, the boxes, the journal, the
// catalog or the play reasons imported from server/wallet/ fails this test.

const WALLET = path.join(ROOT, 'server/wallet');
/** What the wallet may import: folders (ending in /) and files, relative to the repository. */
const PLUMBING = ['server/wallet/', 'server/db/database.ts', 'server/db/schema.ts', 'server/db/preparedStatements.ts', 'server/db/groupCommit.ts', 'server/db/settlementConnection.ts', 'server/realtime/bus.ts', 'server/http/errors.ts', 'server/faultPoints.ts', 'core/money/', 'core/protocol/realtime.ts'];

/** Each import of the given wallet files that is not plumbing, as `file -> import`, both relative. */
function domainImports(files: readonly { file: string; imports: readonly string[] }[]): string[] {
  const allowed = (target: string) => PLUMBING.some((p) => (p.endsWith('/') ? target.startsWith(p) : target === p));
  return files.flatMap(({ file, imports }) =>
    imports.map((i) => path.relative(ROOT, i)).filter((target) => !allowed(target)).map((target) => `${path.relative(ROOT, file)} -> ${target}`),
  );
}

describe('the wallet', () => {
  it('imports no domain: only itself and the plumbing', () => {
    const files = sources(WALLET).map((file) => ({ file, imports: importsOf(file) }));
    expect(files.map((f) => path.basename(f.file))).toContain('wallet.ts');
    expect(domainImports(files)).toEqual([]);
  });

  it('finds an import of a domain when there is one (the check can fail)', () => {
    const file = path.join(WALLET, 'wallet.ts');
    const text = ["import { ledgerMoveSql } from './ledgerMove.ts';", "import type { Db } from '../db/database.ts';", "import { instantBetRowsSql } from '../games/bets.ts';", "import { playRole } from '../../core/games/playReasons.ts';"].join('\n');
    expect(domainImports([{ file, imports: importsIn(file, text) }])).toEqual(['server/wallet/wallet.ts -> server/games/bets.ts', 'server/wallet/wallet.ts -> core/games/playReasons.ts']);
  });
});

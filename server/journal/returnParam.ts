import { sql, type RawBuilder } from 'kysely';
import { GAME_IDS, GAMES, descriptorOf, type GameDescriptor, type GameId, type GameKind } from '../../core/games/catalog.ts';

// The parameter that decides a journal row's published return (a plinko table, a wheel colour, a
// box's kind: each game's `returnParam` in the catalog), read from the bet's own row: the console's
// reports price each bet by it, and the VIP rakeback takes its edge from it (docs/vip.md).

/** The alias of a game's own bet row in the statement below, by the game's kind: the rows whose params the report may read. */
const BET_ROWS: Partial<Record<GameKind, string>> = { instant: 'g', round: 'rb' };

type ReturnParam = NonNullable<GameDescriptor['returnParam']>;

/** The parameter a game's bets are priced by, as SQL over the statement's joins. */
function returnParamSql(game: GameId, from: ReturnParam): RawBuilder<string> {
  if (from.from === 'box_type') return sql<string>`bx.type`;
  const row = BET_ROWS[GAMES[game].kind];
  // A catalog entry asking for a row this statement does not join is a mistake to see at once, not a report that silently prices nothing.
  if (row === undefined) throw new Error(`the reports read no bet row of a ${GAMES[game].kind} game (${game}'s returnParam)`);
  return sql<string>`${sql.join(from.keys.map((key) => sql`(${sql.ref(`${row}.params`)}->>${key}::text)`), sql` || ':' || `)}`;
}

/** The games priced by a parameter (their entry's `returnParam`), with where it is read. */
const PRICED = GAME_IDS.flatMap((game) => {
  const from = descriptorOf(game).returnParam;
  return from === null ? [] : [{ game, from: from.from, kind: GAMES[game].kind, param: returnParamSql(game, from) }];
});

/** The journal rows of the priced games whose parameter comes from `from` (and, for a bet row, whose kind is `kind`). */
function pricedBy(from: 'bet_params' | 'box_type', kind?: GameKind) {
  const games = PRICED.filter((p) => p.from === from && (kind === undefined || p.kind === kind)).map((p) => p.game);
  return games.length === 0 ? sql`false` : sql`b.game in (${sql.join(games)})`;
}

const paramColumn = PRICED.length === 0 ? sql`null` : sql`case ${sql.join(PRICED.map((p) => sql`when b.game = ${p.game} then ${p.param}`), sql` `)} end`;

/** A journal row's (aliased `b`) pricing parameter as a column, and the joins it reads (append after `from bets b`). */
export const RETURN_PARAM = {
  column: paramColumn,
  joins: sql`left join game_bets g on ${pricedBy('bet_params', 'instant')} and g.id = b.ref_id
    left join round_bets rb on ${pricedBy('bet_params', 'round')} and rb.id = b.ref_id
    left join inventory_items i on ${pricedBy('box_type')} and i.id = b.ref_id
    left join boxes bx on bx.id = i.box_id`,
};

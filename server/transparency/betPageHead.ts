import type { Db } from '../db/database.ts';
import type { PageHeader } from '../plugins/client.ts';
import { publicBet } from '../history/betHistory.ts';
import { HISTORY_GAME_LABELS } from '../../core/protocol/history.ts';
import { PUBLIC_BET_ID } from '../../core/protocol/transparency.ts';

// A bet's share card (docs/transparency.md, "Share"): /bets/{id} served with Open Graph tags, so a
// link pasted in a chat or a post previews the game, the multiplier and the amount. Read from the
// bet's public page data (publicBet), so the card says no more than the page: no player unless they
// chose to show their name. No og:image: see the doc for why.

const coins = (value: number) => value.toFixed(2);

export function betPageHeader(db: Db, publicUrl: string): PageHeader {
  return async ({ id = '' }) => {
    const bet = PUBLIC_BET_ID.test(id) ? await publicBet(db, id) : null;
    if (!bet) return null;
    const game = HISTORY_GAME_LABELS[bet.game];
    const title =
      bet.payout === null
        ? `${game} bet of ${coins(bet.stake)} coins, in play`
        : `${game}: ${bet.multiplier === null ? '—' : `${bet.multiplier.toFixed(2)}×`}, ${bet.payout > bet.stake ? 'won' : 'paid'} ${coins(bet.payout)} coins on ${coins(bet.stake)}`;
    const description = `${bet.result}. ${bet.player ? `Played by ${bet.player}. ` : ''}Provably fair: verify this bet from its seeds (${bet.fairness}).`;
    return {
      title,
      meta: {
        description,
        'og:type': 'website',
        'og:site_name': 'Open Mystery Boxes',
        'og:title': title,
        'og:description': description,
        'og:url': `${publicUrl}/bets/${bet.public_id}`,
        'twitter:card': 'summary',
        'twitter:title': title,
        'twitter:description': description,
      },
    };
  };
}

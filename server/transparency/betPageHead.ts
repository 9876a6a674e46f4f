import type { Db } from '../db/database.ts';
import type { PageHeader } from '../plugins/client.ts';
import { publicBet } from '../history/betHistory.ts';
import { HISTORY_GAME_LABELS } from '../../core/protocol/history.ts';
import { PUBLIC_BET_ID } from '../../core/protocol/transparency.ts';
import { CARD_HEIGHT, CARD_WIDTH } from './shareCard.ts';

// A bet's share card (docs/transparency.md, "Share"): /bets/{id} served with Open Graph tags, so a
// link pasted in a chat or a post previews the game, the multiplier and the amount. Read from the
// bet's public page data (publicBet), so the card says no more than the page: no player unless they
// chose to show their name. Its picture is the bet's share card (shareCard.ts), which shows no name.

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
    const image = `${publicUrl}/api/bets/${bet.public_id}/card.png`;
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
        'og:image': image,
        'og:image:type': 'image/png',
        'og:image:width': String(CARD_WIDTH),
        'og:image:height': String(CARD_HEIGHT),
        'og:image:alt': title,
        'twitter:card': 'summary_large_image',
        'twitter:title': title,
        'twitter:description': description,
        'twitter:image': image,
      },
    };
  };
}

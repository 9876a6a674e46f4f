import { formatCoins } from '../../format/format.ts';
import { translator } from '../../i18n/i18n.ts';
import { profitGraph } from './profitGraph.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The auto-bet session's profit over its bets (docs/games.md, "Auto-bet"): a small line, green
// while the session is up and red while it is down, over a dashed zero line. Plain SVG.

const WIDTH = 300;
const HEIGHT = 64;

export function ProfitGraph({ profits }: { profits: readonly number[] }) {
  const { points, zeroY } = profitGraph(profits, WIDTH, HEIGHT);
  const profit = profits.at(-1) ?? 0;
  const bets = Math.max(0, profits.length - 1);
  return (
    <svg
      className={`autobet__graph ${profit < 0 ? 'autobet__graph--down' : 'autobet__graph--up'}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('profitGraph', { count: bets, profit: `${profit > 0 ? '+' : ''}${formatCoins(profit / 100)}` })}
      data-testid="autobet-graph"
      data-points={bets + 1}
    >
      <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="autobet__graph-zero" vectorEffect="non-scaling-stroke" />
      <polyline points={points} className="autobet__graph-line" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

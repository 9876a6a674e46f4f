import { useCallback, useEffect, useRef, useState } from 'react';
import { centsOf, centsToCoins, coinsToCents } from '../../../core/money/cents.ts';
import { MINES_DEFAULT } from '../../../core/games/mines.ts';
import type { MinesAction, MinesBoard } from '../../../core/protocol/mines.ts';
import type { MinesResult } from '../../../scenes/mines/MinesScene.ts';
import { useAutoBet } from '../../features/autobet/useAutoBet.ts';
import type { BetMode } from '../../features/autobet/BetModeTabs.tsx';
import { useShortfall } from '../../features/deposit/shortfall.tsx';
import { reportBetError } from '../../features/games/betErrors.ts';
import { usePlayedBet } from '../../features/games/usePlayedBet.ts';
import type { WinToCelebrate } from '../../../core/games/celebration.ts';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { fetchOpenBoard, sendMinesAction } from './minesApi.ts';

// The state of the Mines page: the board as the last answer left it (the server's, never guessed),
// the stake and mine count of the next board, manual play (bet, reveal, cash out: each through
// usePlayedBet, so the balance shown waits for the scene) and auto play (the tiles picked, then
// whole boards: start, reveal them in order, cash out what survives; useAutoBet's rounds).

export function sceneView(board: MinesBoard): MinesResult {
  return { revealed: board.revealed, mines: board.mine_tiles, status: board.status };
}

/** `celebrate` gets a cashed-out board's win and its bet's public id after its scene (the big-win moment and its Share, SceneHandle.celebrate). */
export function useMinesGame(play: (view: MinesResult) => Promise<void>, show: (view: MinesResult) => void, celebrate?: (win: WinToCelebrate, publicId?: string) => void) {
  const signedIn = useSession((s) => s.user !== null);
  const openModal = useModals((s) => s.open);
  const [amount, setAmount] = useState('1.00');
  const [mines, setMines] = useState(MINES_DEFAULT);
  const [mode, setMode] = useState<BetMode>('manual');
  const [board, setBoard] = useState<MinesBoard | null>(null);
  const [busy, setBusy] = useState(false);
  const [picks, setPicks] = useState<number[]>([]);
  const playRef = useRef(play);
  playRef.current = play;
  const celebrateRef = useRef(celebrate);
  celebrateRef.current = celebrate;

  const played = usePlayedBet<MinesAction, MinesBoard>({
    schema: () => import('../../../core/protocol/mines.ts').then((m) => m.MinesActionSchema),
    send: sendMinesAction,
    play: async (result) => {
      await playRef.current(sceneView(result));
      if (result.status === 'cashed_out') celebrateRef.current?.({ stake: result.amount, payout: result.payout }, result.public_id ?? undefined);
    },
    onPlayed: (result) => setBoard(result),
  });

  // A board left open (a reload, another tab, a server restart) is the server's: show it as it stands.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    fetchOpenBoard()
      .then((open) => {
        if (!live || !open) return;
        setBoard(open);
        setMines(open.mines);
        show(sceneView(open));
      })
      .catch(reportBetError);
    return () => {
      live = false;
    };
    // show is the scene's; it is read once the page knows the player.
  }, [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps

  const act = useCallback(
    async (action: MinesAction) => {
      setBusy(true);
      try {
        return await played.place(action);
      } finally {
        setBusy(false);
      }
    },
    [played],
  );

  const open = board?.status === 'open' ? board : null;
  const amountCents = coinsToCents(Number(amount)) || null;
  const shortfall = useShortfall(open ? 0 : centsToCoins(amountCents ?? 0));
  const logIn = useCallback(() => openModal('login'), [openModal]);

  /** One whole board of auto play; resolves with its payout in cents. */
  const autoRound = useCallback(
    async (cents: number) => {
      let b = await played.place({ action: 'bet', amount: centsToCoins(cents), mines });
      for (const tile of picks) {
        if (b.status !== 'open') break;
        b = await played.place({ action: 'reveal', tile });
      }
      if (b.status === 'open') b = await played.place({ action: 'cashout' });
      return centsOf(b.payout);
    },
    [played, mines, picks],
  );
  const auto = useAutoBet(autoRound, reportBetError);

  const run = (action: MinesAction) => act(action).catch(reportBetError);
  return {
    signedIn,
    logIn,
    amount,
    setAmount,
    amountCents,
    shortfall,
    mines,
    setMines,
    mode,
    setMode,
    board,
    open,
    busy,
    auto,
    picks,
    problem: played.problem,
    /** Bet (no open board) or cash out (an open board with a safe tile). */
    main() {
      if (!signedIn) return logIn();
      if (open) return void run({ action: 'cashout' });
      void run({ action: 'bet', amount: Number(amount), mines });
    },
    /** A tile's click: a reveal on the open board (manual), a pick (auto). */
    tile(index: number) {
      if (mode === 'auto') {
        if (auto.running) return;
        setPicks((p) => (p.includes(index) ? p.filter((t) => t !== index) : p.length < 25 - mines ? [...p, index] : p));
        return;
      }
      if (!signedIn) return logIn();
      if (open && !busy && !open.revealed.includes(index)) void run({ action: 'reveal', tile: index });
    },
    clearPicks: () => setPicks([]),
  };
}

export type MinesGame = ReturnType<typeof useMinesGame>;

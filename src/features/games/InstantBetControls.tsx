import type { ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';
import { AutoBetPanel } from '../autobet/AutoBetPanel.tsx';
import { BetAmountField } from '../autobet/BetAmountField.tsx';
import { BetModeTabs } from '../autobet/BetModeTabs.tsx';
import { DepositForShortfall } from '../deposit/shortfall.tsx';
import { PlayBlockBanner } from '../responsible/PlayBlockBanner.tsx';
import { usePlayBlock } from '../responsible/playBlock.ts';
import type { InstantBetPage } from './useInstantBetPage.ts';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';
import './gamePage.css';

const t = translator(messages);

// The controls column of an instant-bet page (useInstantBetPage): Manual / Auto, the amount with ½
// and 2×, the game's own fields (children), then one action: Deposit while the balance is short,
// the bet button, the auto-bet panel, or Log in for a guest in auto.

export interface InstantBetControlsProps {
  page: InstantBetPage<unknown>;
  /** The region's name ("Dice controls"). */
  label: string;
  /** The manual bet button's text ("Roll dice"). */
  action: string;
  /** Bet limits in coins, for ½ and 2×. */
  min: number;
  max: number;
  /** False until the game can take a bet (plinko's config). */
  ready?: boolean;
  children?: ReactNode;
}

export function InstantBetControls({ page, label, action, min, max, ready = true, children }: InstantBetControlsProps) {
  const { mode, locked } = page;
  // A break or a reached limit: its reason above, the bet and the auto-bet closed (the server refuses anyway).
  const block = usePlayBlock('stake');
  let main: ReactNode;
  if (mode === 'manual' && page.shortfall > 0 && !page.busy && !block) main = <DepositForShortfall missing={page.shortfall} block />;
  else if (mode === 'manual')
    main = (
      <Button size="large" block loading={page.busy} disabled={locked || !ready || Boolean(block)} onClick={() => void page.betOnce()}>
        {action}
      </Button>
    );
  else if (page.signedIn) main = <AutoBetPanel run={page.auto} baseAmountCents={page.amountCents} disabled={!ready || Boolean(block)} />;
  else
    main = (
      <Button size="large" block onClick={page.logIn}>
        {t('logInToPlay')}
      </Button>
    );
  return (
    <section className="panel game-page__controls" aria-label={label}>
      <PlayBlockBanner block={block} />
      <BetModeTabs mode={mode} onChange={page.setMode} locked={locked} />
      <BetAmountField value={page.amount} onChange={page.setAmount} min={min} max={max} error={page.problem?.field === 'amount' ? page.problem.message : null} disabled={locked} />
      {children}
      {main}
    </section>
  );
}

import { Fragment, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { saleNeedsConfirm } from './sellConfirm.ts';
import './sellButton.css';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

/** Marks where the amount (with its coin icon) goes in the translated question. The question selects on
 * `then` ("none" without a tail), so a language can word the plain question apart from the one with a tail. */
const COINS = '\u0001';

// A sell button that asks first when the sale is worth it (sellConfirm.ts): the button turns into
// "Sell … for …?" with Sell and Cancel in its place; Escape or Cancel puts it back, and nothing is
// sent until Sell. Below the threshold it sells at once. The sale itself stays the caller's
// (its one server call); this is only the step before it.

export interface SellButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Coins the sale pays. */
  sale: number;
  /** What is sold, as the question names it (translated): an item's name, "3 items". */
  what: string;
  /** The question's tail after the amount (translated), e.g. " and open again"; each language's question places it. */
  then?: string;
  onSell(): void;
  children: ReactNode;
}

export function SellButton({ sale, what, then = '', onSell, children, size = 'small', variant = 'money', ...rest }: SellButtonProps) {
  const [asking, setAsking] = useState(false);
  const wrapRef = useRef<HTMLSpanElement>(null);
  const wasAsking = useRef(false);

  // Focus follows the control: onto Sell when the question shows, back to the button when it goes
  // (the element that had it is gone, and focus would fall to the page).
  useEffect(() => {
    if (asking || wasAsking.current) wrapRef.current?.querySelector('button')?.focus();
    wasAsking.current = asking;
  }, [asking]);

  let control: ReactNode;
  if (asking) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setAsking(false);
    };
    control = (
      <div className="sell-confirm" role="group" aria-label={t('confirmSaleOf', { what })} onKeyDown={onKeyDown} data-testid="sell-confirm">
        <span className="sell-confirm__question">
          {t('sellQuestion', { what, coins: COINS, then: then || 'none' })
            .split(COINS)
            .map((part, i) => (
              <Fragment key={i}>
                {i > 0 && <Coins value={sale} />}
                {part}
              </Fragment>
            ))}
        </span>
        <Button
          size="small"
          variant="money"
          onClick={() => {
            setAsking(false);
            onSell();
          }}
        >
          {t('sell')}
        </Button>
        <Button size="small" variant="ghost" onClick={() => setAsking(false)}>
          {t('cancel')}
        </Button>
      </div>
    );
  } else {
    control = (
      <Button size={size} variant={variant} onClick={() => (saleNeedsConfirm(sale) ? setAsking(true) : onSell())} {...rest}>
        {children}
      </Button>
    );
  }
  return (
    <span className="sell-button" ref={wrapRef}>
      {control}
    </span>
  );
}

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SellButton } from '../../src/features/inventory/SellButton.tsx';
import { SELL_CONFIRM_FROM, saleNeedsConfirm } from '../../src/features/inventory/sellConfirm.ts';

// Selling a valuable item asks once before the call (docs/boxes.md "Selling: the confirm step").

describe('the sell confirm rule', () => {
  it('asks from 50.00 coins of sale value on, to the cent', () => {
    expect(SELL_CONFIRM_FROM).toBe(50);
    expect(saleNeedsConfirm(49.99)).toBe(false);
    expect(saleNeedsConfirm(50)).toBe(true);
    expect(saleNeedsConfirm(719.1)).toBe(true);
  });
});

describe('SellButton', () => {
  it('sells a cheap item with one click', () => {
    const onSell = vi.fn();
    render(<SellButton sale={4.5} what="Crocs Classic Clog" onSell={onSell} aria-label="Sell Crocs Classic Clog">4.50</SellButton>);
    fireEvent.click(screen.getByRole('button', { name: 'Sell Crocs Classic Clog' }));
    expect(onSell).toHaveBeenCalledTimes(1);
  });

  it('asks before selling a valuable item: Cancel and Escape send nothing, Sell sends once', () => {
    const onSell = vi.fn();
    render(
      <SellButton sale={719.1} what="Apple Watch Ultra 2" then=" and open again" onSell={onSell}>
        Sell and open again
      </SellButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sell and open again' }));
    expect(onSell).not.toHaveBeenCalled();
    const question = screen.getByRole('group', { name: 'Confirm the sale of Apple Watch Ultra 2' });
    expect(question.textContent).toBe('Sell Apple Watch Ultra 2 for 719.10 and open again?SellCancel');
    // Focus moves onto the question's Sell (the pressed button is gone).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sell' }));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSell).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sell and open again' }));

    fireEvent.click(screen.getByRole('button', { name: 'Sell and open again' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Sell' }), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(onSell).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Sell and open again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(onSell).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('group')).toBeNull();
  });
});

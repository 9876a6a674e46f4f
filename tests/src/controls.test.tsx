import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { Button } from '../../src/components/Button.tsx';
import { CopyButton, COPIED_TOOLTIP_MS } from '../../src/components/CopyButton.tsx';
import { TextInput } from '../../src/components/TextInput.tsx';
import { Checkbox } from '../../src/components/Checkbox.tsx';
import { Modal } from '../../src/components/Modal.tsx';
import { useModals } from '../../src/stores/modals.ts';

afterEach(() => {
  vi.useRealTimers();
  useModals.setState({ modal: null });
});

describe('Button', () => {
  it('shows a spinner, hides its content and ignores clicks while loading', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.className).toContain('btn--loading');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Button onClick={onClick}>Pay</Button>);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('CopyButton', () => {
  it("shows 'Copied!' on click and hides it after 1000 ms", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton text="ABC-123" />);
    expect(screen.queryByText('Copied!')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('ABC-123');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('Copied!').getAttribute('data-open')).toBe('true');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COPIED_TOOLTIP_MS - 100);
    });
    expect(screen.getByText('Copied!').getAttribute('data-open')).toBe('true');
    // At 1 s the tooltip starts its 250 ms fade-out; the text is no longer shown as open.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.queryByText('Copied!')?.getAttribute('data-open') ?? 'false').toBe('false');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.queryByText('Copied!')).toBeNull();
  });
});

describe('TextInput', () => {
  it('shows the error text beneath and marks the input invalid', () => {
    render(<TextInput label="Email" error="The email field is required." />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('The email field is required.');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('has no error text without an error and a 40px small variant class', () => {
    const { container } = render(<TextInput label="Code" small />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('.text-input--small')).not.toBeNull();
  });

  it('toggles password visibility', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextInput label="Password" type="password" ref={ref} />);
    expect(ref.current?.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(ref.current?.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(ref.current?.type).toBe('password');
  });
});

describe('Checkbox', () => {
  it('is a labelled native checkbox', () => {
    render(<Checkbox label="I am 18" />);
    const box = screen.getByRole('checkbox', { name: 'I am 18' }) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
  });
});

describe('Modal', () => {
  it('is an accessible dialog that closes through the modal store on Escape and the close button', () => {
    useModals.setState({ modal: 'bonus' });
    const { unmount } = render(
      <Modal title="Daily bonus">
        <button type="button">Claim</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Daily bonus' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Claim');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(useModals.getState().modal).toBeNull();
    useModals.setState({ modal: 'bonus' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(useModals.getState().modal).toBeNull();
    unmount();
  });

  it('keeps Tab inside the dialog', () => {
    render(
      <Modal onClose={() => {}}>
        <button type="button">Last</button>
      </Modal>,
    );
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

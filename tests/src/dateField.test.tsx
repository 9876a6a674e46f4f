import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { DateField } from '../../src/components/DateField.tsx';
import { formatDate, formatDay, parseDay } from '../../src/format/format.ts';

// Date filters read like every other date on the site: the German short date of formatDate
// ("21.11.26"), typed or picked, never the browser locale's "11/21/2026" of a bare date input.

describe('days', () => {
  it('shows an API day as formatDate shows a date, and reads typed days back', () => {
    expect(formatDay('2026-11-21')).toBe('21.11.26');
    expect(formatDay('2026-11-21')).toBe(formatDate(new Date(2026, 10, 21, 15, 53)));
    expect(['21.11.26', '21.11.2026', '21/11/2026', ' 1.2.26 '].map(parseDay)).toEqual(['2026-11-21', '2026-11-21', '2026-11-21', '2026-02-01']);
    expect(['31.02.26', '11/21/2026', '2026-11-21', 'soon', ''].map(parseDay)).toEqual([null, null, null, null, null]);
  });
});

describe('DateField', () => {
  function Field({ onDay }: { onDay: (day: string) => void }) {
    const [day, setDay] = useState('2026-11-21');
    return (
      <DateField
        label="From"
        value={day}
        onChange={(d) => {
          setDay(d);
          onDay(d);
        }}
      />
    );
  }

  it('shows its day as dd.mm.yy, takes a typed day on blur or Enter, keeps its day on a wrong one, and clears', () => {
    const onDay = vi.fn();
    render(<Field onDay={onDay} />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('21.11.26');
    fireEvent.change(input, { target: { value: '3.1.2027' } });
    fireEvent.blur(input);
    expect(onDay).toHaveBeenLastCalledWith('2027-01-03');
    expect(input.value).toBe('03.01.27');
    fireEvent.change(input, { target: { value: '12/31/2026' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('03.01.27');
    expect(onDay).toHaveBeenCalledTimes(1);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onDay).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: 'Choose the from date' })).toBeTruthy();
  });
});

import { useEffect, useId, useRef, useState } from 'react';
import { Calendar } from 'lucide-react';
import { formatDay, parseDay } from '../format/format.ts';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';
import './DateField.css';

const t = translator(messages);

// A date filter that reads like every other date on the site (docs/product.md §9: the German short
// date, "21.11.26"): typed as day.month.year, or picked from the browser's calendar behind the
// button. A bare <input type="date"> shows the browser's locale instead ("11/21/2026" in en-US).
// The value is the calendar day as the API takes it ("2026-11-21"), or "" for none.

export function DateField({ label, value, onChange, inputClassName }: { label: string; value: string; onChange: (day: string) => void; inputClassName?: string }) {
  const shown = value ? formatDay(value) : '';
  const [text, setText] = useState(shown);
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => setText(shown), [shown]);

  function commit() {
    if (!text.trim()) {
      if (value) onChange('');
      return;
    }
    const day = parseDay(text);
    // A text that is no day goes back to the day in force.
    if (day === null) setText(shown);
    else if (day !== value) onChange(day);
    else setText(shown);
  }

  return (
    <div className="date-field">
      <label className="date-field__label" htmlFor={id}>
        {label}
      </label>
      <span className="date-field__box">
        <input
          id={id}
          className={inputClassName ? `date-field__input ${inputClassName}` : 'date-field__input'}
          type="text"
          inputMode="numeric"
          placeholder={t('dateFormatHint')}
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
        <button type="button" className="date-field__open" aria-label={t('chooseDate', { label: label.toLowerCase() })} onClick={() => picker.current?.showPicker()}>
          <Calendar size={16} aria-hidden />
        </button>
        <input ref={picker} className="date-field__picker" type="date" tabIndex={-1} aria-hidden value={value} onChange={(e) => onChange(e.target.value)} />
      </span>
    </div>
  );
}

import { useId, type SelectHTMLAttributes } from 'react';

// A labelled select of the console's forms (the shop's own selects are per page; the console's
// forms share this one, styled in admin.css).
export function AdminSelect({ label, options, ...rest }: { label: string; options: readonly { value: string; label: string }[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="admin__select">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

import type { SelectHTMLAttributes } from 'react';
import { FieldLabel, inputClass } from './FieldLabel';

export function SelectField({ id, label, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string }) {
  return (
    <div>
      <FieldLabel id={id} label={label} required={select.required} />
      <select id={id} className={inputClass} {...select}>
        {children}
      </select>
    </div>
  );
}

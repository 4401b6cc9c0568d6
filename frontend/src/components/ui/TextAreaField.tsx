import type { TextareaHTMLAttributes } from 'react';
import { FieldLabel, inputClass } from './FieldLabel';

export function TextAreaField({ id, label, ...area }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string }) {
  return (
    <div>
      <FieldLabel id={id} label={label} required={area.required} />
      <textarea id={id} rows={3} className={inputClass} {...area} />
    </div>
  );
}

import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldLabel, inputClass } from './FieldLabel';

export function TextField({ id, label, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: ReactNode }) {
  return (
    <div>
      <FieldLabel id={id} label={label} required={input.required} />
      <input id={id} className={inputClass} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

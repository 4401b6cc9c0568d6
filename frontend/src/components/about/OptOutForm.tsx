import { useState, type FormEvent } from 'react';
import { OPT_OUT_DOMAIN_MAX, OPT_OUT_NOTE_MAX, type OptOutResponse } from '@mcp-census/schemas/api/opt-out';
import { errorMessage } from '../../lib/api-client';
import { requestOptOut } from '../../lib/opt-out-api';
import { Button } from '../ui/Button';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';

const EMPTY = { domain: '', contactEmail: '', note: '' };

/** The opt-out request form: domain, contact e-mail and an optional note, reviewed by the operator. */
export function OptOutForm() {
  const [fields, setFields] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<OptOutResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof EMPTY, value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields.domain.trim() || !fields.contactEmail.trim()) {
      setProblem('Please enter the domain and a contact e-mail address.');
      return;
    }
    setSubmitting(true);
    setProblem(null);
    setAnswer(null);
    try {
      const note = fields.note.trim();
      setAnswer(await requestOptOut({ domain: fields.domain.trim(), contactEmail: fields.contactEmail.trim(), ...(note ? { note } : {}) }));
      setFields(EMPTY);
    } catch (err) {
      setProblem(errorMessage(err, 'Unable to send your opt-out request. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4" aria-label="Opt-out request">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="optout-domain"
          label="Domain"
          required
          placeholder="example.com"
          maxLength={OPT_OUT_DOMAIN_MAX}
          autoComplete="off"
          value={fields.domain}
          onChange={(e) => set('domain', e.target.value)}
          hint="Covers the domain and all its subdomains."
        />
        <TextField
          id="optout-email"
          label="Contact email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          value={fields.contactEmail}
          onChange={(e) => set('contactEmail', e.target.value)}
        />
      </div>
      <TextAreaField id="optout-note" label="Note (optional)" maxLength={OPT_OUT_NOTE_MAX} value={fields.note} onChange={(e) => set('note', e.target.value)} />
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? 'Sending…' : 'Request opt-out'}
      </Button>
      <div aria-live="polite">
        {answer && (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-800 dark:bg-green-900/30 dark:text-green-300">
            {answer.message}
          </p>
        )}
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}

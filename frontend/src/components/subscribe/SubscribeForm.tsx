import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client';
import { subscribe } from '../../lib/contribute-api';
import { DEFAULT_FREQUENCY, SUBSCRIPTION_FREQUENCIES, subscriptionProblem, type SubscriptionFrequency } from '../../lib/subscribe-validation';
import { showToast } from '../../state/toast';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

const FREQUENCY_LABELS: Record<SubscriptionFrequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

export function SubscribeForm({
  submitting,
  onSubmitting,
  onFailed,
  onSubscribed,
}: {
  submitting: boolean;
  onSubmitting: () => void;
  onFailed: () => void;
  onSubscribed: (email: string, frequency: SubscriptionFrequency) => void;
}) {
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<SubscriptionFrequency>(DEFAULT_FREQUENCY);
  const [invalid, setInvalid] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = subscriptionProblem(email, frequency);
    if (problem) {
      setInvalid(problem.description);
      showToast({ ...problem, variant: 'destructive' });
      return;
    }
    setInvalid(undefined);
    onSubmitting();
    try {
      const result = await subscribe({ email: email.trim(), frequency });
      showToast({ title: 'Successfully subscribed!', description: `You will receive ${frequency} MCP adoption reports.` });
      onSubscribed(result.email, result.frequency);
    } catch (err) {
      onFailed();
      showToast({ title: 'Subscription failed', description: errorMessage(err, 'Failed to subscribe. Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <TextField
        id="subscribe-email"
        label="Email address"
        type="email"
        autoComplete="email"
        required
        placeholder="you@example.com"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        hint={invalid && <span className="text-negative">{invalid}</span>}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Report frequency</legend>
        <div className="grid grid-cols-3 gap-2">
          {SUBSCRIPTION_FREQUENCIES.map((f) => (
            <label
              key={f}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950"
            >
              <input type="radio" name="frequency" value={f} checked={frequency === f} onChange={() => setFrequency(f)} className="accent-indigo-600" />
              {FREQUENCY_LABELS[f]}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? 'Subscribing…' : 'Subscribe'}
      </Button>
    </form>
  );
}

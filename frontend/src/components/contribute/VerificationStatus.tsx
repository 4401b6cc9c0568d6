import type { VerificationState } from '../../lib/endpoint-verification';
import { MESSAGES } from '../../lib/endpoint-verification';

/** The inline line under the endpoint field for each verification state. */
export function VerificationStatus({ state }: { state: VerificationState }) {
  if (state.status === 'idle') return <p className="text-xs text-muted">Verify the endpoint before registering.</p>;
  if (state.status === 'verifying') return <p className="text-xs text-slate-600 dark:text-slate-300">Verifying endpoint…</p>;
  if (state.status === 'success') return <p className="text-xs font-medium text-positive">✓ Endpoint verified</p>;
  return <p className="text-xs font-medium text-negative">{MESSAGES.verificationInline}</p>;
}

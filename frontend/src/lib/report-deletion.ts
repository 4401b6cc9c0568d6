import { ApiError } from './api-client';

/** Texts of spec section 8 for scheduling a scan report's deletion. */
export const deletionConfirmText = (id: number) =>
  `Are you sure you want to schedule scan report #${id} for deletion? It will be permanently removed tomorrow.`;
export const deletionScheduledText = (id: number, date: string) => `Scan report #${id} has been scheduled for deletion on ${date}`;
export const DELETION_NETWORK_FAILURE = 'Failed to schedule deletion. Please try again.';

/** What to tell the operator when the call failed: the server's error, or the network message. */
export function deletionFailureText(err: unknown): string {
  if (err instanceof ApiError) return `Error: ${err.serverError ?? err.message}`;
  return DELETION_NETWORK_FAILURE;
}

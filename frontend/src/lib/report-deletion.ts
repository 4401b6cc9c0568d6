import { ApiError } from './api-client';
import { formatCalendarDay } from './calendar-day';

/** Texts of spec section 8 for scheduling a scan report's deletion. */
export const deletionConfirmText = (id: number) =>
  `Are you sure you want to schedule scan report #${id} for deletion? It will be permanently removed tomorrow.`;
export const deletionScheduledText = (id: number, date: string) => `Scan report #${id} has been scheduled for deletion on ${date}`;
/** In place of the Delete button of a report already scheduled: the day (YYYY-MM-DD) in the visitor's date format. */
export const scheduledForDeletionText = (day: string) => `Scheduled for deletion on ${formatCalendarDay(day)}`;
export const DELETION_NETWORK_FAILURE = 'Failed to schedule deletion. Please try again.';

/** What to tell the operator when the call failed: the server's error, or the network message. */
export function deletionFailureText(err: unknown): string {
  if (err instanceof ApiError) return `Error: ${err.serverError ?? err.message}`;
  return DELETION_NETWORK_FAILURE;
}

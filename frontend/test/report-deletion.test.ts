import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api-client';
import { DELETION_NETWORK_FAILURE, deletionConfirmText, deletionFailureText, deletionScheduledText } from '../src/lib/report-deletion';

describe('scan report deletion texts', () => {
  it('uses the exact confirm and success texts', () => {
    expect(deletionConfirmText(7)).toBe('Are you sure you want to schedule scan report #7 for deletion? It will be permanently removed tomorrow.');
    expect(deletionScheduledText(7, '2026-03-11')).toBe('Scan report #7 has been scheduled for deletion on 2026-03-11');
  });
  it('shows the server error, or the network message', () => {
    expect(deletionFailureText(new ApiError(404, '{"error":"Scan report 7 not found"}', 'Not Found'))).toBe('Error: Scan report 7 not found');
    expect(deletionFailureText(new TypeError('Failed to fetch'))).toBe(DELETION_NETWORK_FAILURE);
    expect(DELETION_NETWORK_FAILURE).toBe('Failed to schedule deletion. Please try again.');
  });
});

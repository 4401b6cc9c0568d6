import { describe, expect, it } from 'vitest';
import {
  canSubmitRegistration,
  emptyRegistration,
  initialVerification,
  MESSAGES,
  submitProblem,
  verificationReducer,
  verifyProblem,
  type VerificationState,
} from '../src/lib/endpoint-verification';

const start = (state: VerificationState = initialVerification) => verificationReducer(state, { type: 'verify-started' });

describe('endpoint verification state machine', () => {
  it('goes idle → verifying → success', () => {
    const verifying = start();
    expect(verifying.status).toBe('verifying');
    const done = verificationReducer(verifying, { type: 'verify-succeeded', attempt: verifying.attempt });
    expect(done.status).toBe('success');
    expect(canSubmitRegistration(done)).toBe(true);
  });

  it('goes verifying → error and keeps the server reason', () => {
    const verifying = start();
    const failed = verificationReducer(verifying, { type: 'verify-failed', attempt: verifying.attempt, error: 'No JSON' });
    expect(failed).toMatchObject({ status: 'error', error: 'No JSON' });
    expect(canSubmitRegistration(failed)).toBe(false);
  });

  it('returns to idle when the URL is edited after success or error', () => {
    const verifying = start();
    const success = verificationReducer(verifying, { type: 'verify-succeeded', attempt: verifying.attempt });
    expect(verificationReducer(success, { type: 'endpoint-edited' }).status).toBe('idle');
    const failed = verificationReducer(verifying, { type: 'verify-failed', attempt: verifying.attempt });
    expect(verificationReducer(failed, { type: 'endpoint-edited' }).status).toBe('idle');
  });

  it('ignores an answer that arrives after the URL was edited', () => {
    const verifying = start();
    const edited = verificationReducer(verifying, { type: 'endpoint-edited' });
    const late = verificationReducer(edited, { type: 'verify-succeeded', attempt: verifying.attempt });
    expect(late.status).toBe('idle');
  });

  it('ignores the answer of an older attempt', () => {
    const first = start();
    const second = start(verificationReducer(first, { type: 'endpoint-edited' }));
    const stale = verificationReducer(second, { type: 'verify-succeeded', attempt: first.attempt });
    expect(stale.status).toBe('verifying');
  });

  it('returns to idle after a successful registration', () => {
    const verifying = start();
    const success = verificationReducer(verifying, { type: 'verify-succeeded', attempt: verifying.attempt });
    expect(verificationReducer(success, { type: 'registered' }).status).toBe('idle');
  });
});

describe('registration form messages', () => {
  const filled = { ...emptyRegistration, websiteName: 'Example', websiteUrl: 'https://example.com', contactEmail: 'a@b.c', mcpEndpoint: 'https://example.com/mcp' };

  it('asks for an endpoint before verifying', () => {
    expect(verifyProblem('  ')).toEqual(MESSAGES.endpointRequired);
    expect(verifyProblem('https://example.com/mcp')).toBeUndefined();
  });

  it('asks for every required field first', () => {
    expect(submitProblem({ ...filled, contactEmail: '' }, initialVerification)).toEqual(MESSAGES.missingFields);
  });

  it('refuses to submit an unverified endpoint', () => {
    expect(submitProblem(filled, initialVerification)).toEqual(MESSAGES.notVerified);
    const verifying = start();
    const failed = verificationReducer(verifying, { type: 'verify-failed', attempt: verifying.attempt });
    expect(submitProblem(filled, failed)).toEqual(MESSAGES.notVerified);
  });

  it('allows submitting a verified endpoint with the description left empty', () => {
    const verifying = start();
    const success = verificationReducer(verifying, { type: 'verify-succeeded', attempt: verifying.attempt });
    expect(submitProblem({ ...filled, description: '' }, success)).toBeUndefined();
  });

  it('uses the spec wording', () => {
    expect(MESSAGES.missingFields).toEqual({ title: 'Missing required fields', description: 'Please fill in all required fields.' });
    expect(MESSAGES.notVerified).toEqual({ title: 'Endpoint not verified', description: 'Please verify your MCP endpoint before submitting.' });
    expect(MESSAGES.verificationInline).toBe('Verification failed - please check the endpoint URL');
  });
});

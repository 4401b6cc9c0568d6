import { describe, expect, it } from 'vitest';
import { DEFAULT_FREQUENCY, INVALID_EMAIL, subscribeReducer, subscriptionProblem, type SubscribeView } from '../src/lib/subscribe-validation';

describe('subscription validation', () => {
  it('rejects an empty address', () => {
    expect(subscriptionProblem('   ', 'weekly')).toEqual(INVALID_EMAIL);
  });
  it('rejects an address without an at-sign', () => {
    expect(subscriptionProblem('someone.example.com', 'weekly')).toEqual(INVALID_EMAIL);
  });
  it('accepts an address with an at-sign and a known frequency', () => {
    expect(subscriptionProblem('someone@example.com', 'daily')).toBeUndefined();
    expect(subscriptionProblem('someone@example.com', 'monthly')).toBeUndefined();
  });
  it('rejects an unknown frequency', () => {
    expect(subscriptionProblem('someone@example.com', 'hourly')).toBeDefined();
  });
  it('defaults to weekly and uses the spec wording', () => {
    expect(DEFAULT_FREQUENCY).toBe('weekly');
    expect(INVALID_EMAIL).toEqual({ title: 'Invalid email', description: 'Please enter a valid email address.' });
  });
});

describe('subscribe page screens', () => {
  const form: SubscribeView = { screen: 'form', submitting: false };

  it('stays on the form while submitting and after a failure', () => {
    const submitting = subscribeReducer(form, { type: 'submitted' });
    expect(submitting).toEqual({ screen: 'form', submitting: true });
    expect(subscribeReducer(submitting, { type: 'failed' })).toEqual(form);
  });

  it('switches to the success screen once subscribed, and stays there', () => {
    const success = subscribeReducer(subscribeReducer(form, { type: 'submitted' }), { type: 'succeeded', email: 'a@b.c', frequency: 'daily' });
    expect(success).toEqual({ screen: 'success', email: 'a@b.c', frequency: 'daily' });
    expect(subscribeReducer(success, { type: 'failed' })).toBe(success);
  });
});

import { SUBSCRIPTION_FREQUENCIES } from '@mcp-census/schemas/api/contribute';

export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
export { SUBSCRIPTION_FREQUENCIES };
export const DEFAULT_FREQUENCY: SubscriptionFrequency = 'weekly';

export const INVALID_EMAIL = { title: 'Invalid email', description: 'Please enter a valid email address.' } as const;

/** The spec's rule: non-empty and containing an at-sign, and a known frequency. */
export function subscriptionProblem(email: string, frequency: string): typeof INVALID_EMAIL | undefined {
  const trimmed = email.trim();
  if (!trimmed || !trimmed.includes('@')) return INVALID_EMAIL;
  if (!(SUBSCRIPTION_FREQUENCIES as readonly string[]).includes(frequency)) return INVALID_EMAIL;
  return undefined;
}

/** The subscribe page: the form until a subscription succeeds, then the success screen. */
export type SubscribeView = { screen: 'form'; submitting: boolean } | { screen: 'success'; email: string; frequency: SubscriptionFrequency };

export type SubscribeEvent = { type: 'submitted' } | { type: 'failed' } | { type: 'succeeded'; email: string; frequency: SubscriptionFrequency };

export function subscribeReducer(view: SubscribeView, event: SubscribeEvent): SubscribeView {
  if (view.screen === 'success') return view;
  switch (event.type) {
    case 'submitted':
      return { screen: 'form', submitting: true };
    case 'failed':
      return { screen: 'form', submitting: false };
    case 'succeeded':
      return { screen: 'success', email: event.email, frequency: event.frequency };
  }
}

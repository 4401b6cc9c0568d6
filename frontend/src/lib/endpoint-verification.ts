/**
 * The registration form's endpoint verification: idle → verifying → success | error.
 * Editing the URL while not idle returns to idle; only success allows submitting.
 * Each attempt is numbered so an answer that arrives after an edit is ignored.
 */

export type VerificationStatus = 'idle' | 'verifying' | 'success' | 'error';

export interface VerificationState {
  status: VerificationStatus;
  attempt: number;
  /** The server's reason when verification failed. */
  error: string | undefined;
}

export type VerificationAction =
  | { type: 'endpoint-edited' }
  | { type: 'verify-started' }
  | { type: 'verify-succeeded'; attempt: number }
  | { type: 'verify-failed'; attempt: number; error?: string | undefined }
  | { type: 'registered' };

export const initialVerification: VerificationState = { status: 'idle', attempt: 0, error: undefined };

export function verificationReducer(state: VerificationState, action: VerificationAction): VerificationState {
  switch (action.type) {
    case 'endpoint-edited':
      return state.status === 'idle' ? state : { ...state, status: 'idle', error: undefined };
    case 'verify-started':
      return { status: 'verifying', attempt: state.attempt + 1, error: undefined };
    case 'verify-succeeded':
      return state.status === 'verifying' && action.attempt === state.attempt ? { ...state, status: 'success' } : state;
    case 'verify-failed':
      return state.status === 'verifying' && action.attempt === state.attempt ? { ...state, status: 'error', error: action.error } : state;
    case 'registered':
      return { ...state, status: 'idle', error: undefined };
  }
}

export const canSubmitRegistration = (state: VerificationState): boolean => state.status === 'success';

export interface RegistrationFields {
  websiteName: string;
  websiteUrl: string;
  description: string;
  contactEmail: string;
  mcpEndpoint: string;
}

export const emptyRegistration: RegistrationFields = { websiteName: '', websiteUrl: '', description: '', contactEmail: '', mcpEndpoint: '' };

export interface FormMessage {
  title: string;
  description: string;
}

export const MESSAGES = {
  missingFields: { title: 'Missing required fields', description: 'Please fill in all required fields.' },
  endpointRequired: { title: 'Endpoint required', description: 'Please enter an MCP endpoint URL to verify.' },
  notVerified: { title: 'Endpoint not verified', description: 'Please verify your MCP endpoint before submitting.' },
  verificationFallback: 'Unable to verify MCP endpoint. Please check the URL and try again.',
  verificationInline: 'Verification failed - please check the endpoint URL',
  registrationFailed: { title: 'Registration failed', description: 'Unable to register your endpoint. Please try again.' },
} as const;

/** Why the Verify button cannot proceed, or undefined when it can. */
export function verifyProblem(endpoint: string): FormMessage | undefined {
  return endpoint.trim() ? undefined : MESSAGES.endpointRequired;
}

/** Why the form cannot be submitted yet, or undefined when it can. */
export function submitProblem(fields: RegistrationFields, state: VerificationState): FormMessage | undefined {
  const required = [fields.websiteName, fields.websiteUrl, fields.contactEmail, fields.mcpEndpoint];
  if (required.some((value) => !value.trim())) return MESSAGES.missingFields;
  if (!canSubmitRegistration(state)) return MESSAGES.notVerified;
  return undefined;
}

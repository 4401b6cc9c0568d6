import { useReducer, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client';
import { registerEndpoint, verifyEndpoint } from '../../lib/contribute-api';
import {
  emptyRegistration,
  initialVerification,
  MESSAGES,
  submitProblem,
  verificationReducer,
  verifyProblem,
  type RegistrationFields,
} from '../../lib/endpoint-verification';
import { showToast } from '../../state/toast';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { VerificationStatus } from './VerificationStatus';

const REQUIREMENTS = [
  'Answers GET with valid JSON',
  'Includes the protocol version and capabilities',
  'Is publicly accessible without authentication',
  'Follows the Model Context Protocol specification',
];

export function RegisterEndpointForm() {
  const [fields, setFields] = useState<RegistrationFields>(emptyRegistration);
  const [verification, dispatch] = useReducer(verificationReducer, initialVerification);
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof RegistrationFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const verify = async () => {
    const problem = verifyProblem(fields.mcpEndpoint);
    if (problem) return showToast({ ...problem, variant: 'destructive' });
    const attempt = verification.attempt + 1;
    dispatch({ type: 'verify-started' });
    try {
      const result = await verifyEndpoint(fields.mcpEndpoint.trim());
      if (result.success) {
        dispatch({ type: 'verify-succeeded', attempt });
        showToast({ title: 'Endpoint verified', description: 'Your MCP endpoint answered as expected. You can now register it.' });
      } else {
        dispatch({ type: 'verify-failed', attempt, error: result.error });
        showToast({ title: 'Verification failed', description: result.error || MESSAGES.verificationFallback, variant: 'destructive' });
      }
    } catch (err) {
      dispatch({ type: 'verify-failed', attempt });
      showToast({ title: 'Verification failed', description: errorMessage(err, MESSAGES.verificationFallback), variant: 'destructive' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = submitProblem(fields, verification);
    if (problem) return showToast({ ...problem, variant: 'destructive' });
    setSubmitting(true);
    try {
      await registerEndpoint({
        websiteName: fields.websiteName.trim(),
        websiteUrl: fields.websiteUrl.trim(),
        description: fields.description.trim() || undefined,
        contactEmail: fields.contactEmail.trim(),
        mcpEndpoint: fields.mcpEndpoint.trim(),
      });
      showToast({ title: 'Registration successful', description: 'Thank you! Your endpoint will be included in upcoming scans.' });
      setFields(emptyRegistration);
      dispatch({ type: 'registered' });
    } catch {
      showToast({ ...MESSAGES.registrationFailed, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card as="section" className="space-y-4">
      <div>
        <CardTitle>Register your MCP endpoint</CardTitle>
        <p className="text-sm text-muted">Add your platform to the census. We verify the endpoint before accepting it.</p>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField id="reg-name" label="Website name" required value={fields.websiteName} onChange={(e) => set('websiteName')(e.target.value)} />
        <TextField id="reg-url" label="Website URL" type="url" required placeholder="https://example.com" value={fields.websiteUrl} onChange={(e) => set('websiteUrl')(e.target.value)} />
        <TextAreaField id="reg-description" label="Description" value={fields.description} onChange={(e) => set('description')(e.target.value)} />
        <TextField id="reg-email" label="Contact email" type="email" required value={fields.contactEmail} onChange={(e) => set('contactEmail')(e.target.value)} />
        <div className="space-y-1">
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <TextField
                id="reg-endpoint"
                label="MCP endpoint URL"
                type="url"
                required
                placeholder="https://example.com/.well-known/mcp.json"
                value={fields.mcpEndpoint}
                onChange={(e) => {
                  set('mcpEndpoint')(e.target.value);
                  dispatch({ type: 'endpoint-edited' });
                }}
              />
            </div>
            <Button variant="secondary" onClick={() => void verify()} disabled={verification.status === 'verifying'}>
              {verification.status === 'verifying' ? 'Verifying…' : 'Verify'}
            </Button>
          </div>
          <div aria-live="polite">
            <VerificationStatus state={verification} />
          </div>
        </div>
        <div className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          <p className="font-medium">Endpoint requirements</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {REQUIREMENTS.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
        <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? 'Registering…' : 'Register endpoint'}
        </Button>
      </form>
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { suggestScanningMethod } from '../../lib/contribute-api';
import {
  emptySuggestion,
  SUGGESTION_HTTP_METHODS,
  SUGGESTION_MISSING,
  suggestionBody,
  suggestionProblem,
  SUGGESTION_TYPES,
  type SuggestionFields,
  type SuggestionType,
} from '../../lib/suggestion-form';
import { showToast } from '../../state/toast';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';

const TYPE_LABELS: Record<SuggestionType, string> = {
  endpoint: 'Endpoint path',
  header: 'HTTP header',
  content: 'Page content',
  config: 'Configuration file',
  discovery: 'Discovery mechanism',
  other: 'Other',
};

export function SuggestScanningForm() {
  const [fields, setFields] = useState<SuggestionFields>(emptySuggestion);
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof SuggestionFields>(key: K, value: SuggestionFields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = suggestionProblem(fields);
    if (problem || !fields.suggestionType) return showToast({ ...SUGGESTION_MISSING, variant: 'destructive' });
    setSubmitting(true);
    try {
      await suggestScanningMethod(suggestionBody({ ...fields, suggestionType: fields.suggestionType }));
      showToast({ title: 'Suggestion submitted', description: 'Thank you! We will review your suggestion for future scans.' });
      setFields(emptySuggestion);
    } catch {
      showToast({ title: 'Submission failed', description: 'Unable to submit your suggestion. Please try again.', variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card as="section" className="space-y-4">
      <div>
        <CardTitle>Suggest a scanning method</CardTitle>
        <p className="text-sm text-muted">Know a way MCP servers announce themselves that we miss? Tell us.</p>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <SelectField
          id="sug-type"
          label="Suggestion type"
          required
          value={fields.suggestionType}
          onChange={(e) => set('suggestionType', e.target.value as SuggestionType | '')}
        >
          <option value="">Select a type</option>
          {SUGGESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        {fields.suggestionType === 'endpoint' && (
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <TextField id="sug-endpoint" label="Endpoint path" placeholder="/api/mcp/manifest" value={fields.endpoint} onChange={(e) => set('endpoint', e.target.value)} />
            <SelectField id="sug-method" label="HTTP method" value={fields.httpMethod} onChange={(e) => set('httpMethod', e.target.value as SuggestionFields['httpMethod'])}>
              {SUGGESTION_HTTP_METHODS.map((method) => (
                <option key={method}>{method}</option>
              ))}
            </SelectField>
          </div>
        )}
        <TextAreaField id="sug-description" label="Description" required value={fields.description} onChange={(e) => set('description', e.target.value)} />
        <TextAreaField id="sug-example" label="Example" placeholder="A site or response that shows the method" value={fields.example} onChange={(e) => set('example', e.target.value)} />
        <TextField id="sug-email" label="Contact email" type="email" required value={fields.contactEmail} onChange={(e) => set('contactEmail', e.target.value)} />
        <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? 'Submitting…' : 'Submit suggestion'}
        </Button>
      </form>
    </Card>
  );
}

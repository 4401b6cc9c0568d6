import { useReducer } from 'react';
import { SubscribeForm } from '../components/subscribe/SubscribeForm';
import { SubscribeSuccess } from '../components/subscribe/SubscribeSuccess';
import { Card } from '../components/ui/Card';
import { subscribeReducer } from '../lib/subscribe-validation';
import { useDocumentTitle } from '../lib/use-document-title';

export default function SubscribePage() {
  useDocumentTitle('Subscribe');
  const [view, dispatch] = useReducer(subscribeReducer, { screen: 'form', submitting: false });
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <Card flush className="p-6 sm:p-8">
        {view.screen === 'success' ? (
          <SubscribeSuccess email={view.email} frequency={view.frequency} />
        ) : (
          <div className="space-y-6">
            <header>
              <h1 className="text-2xl font-bold">Get regular MCP adoption reports</h1>
              <p className="mt-2 text-muted">
                A short summary of adoption, new MCP-enabled platforms and notable capabilities, delivered on your schedule.
              </p>
            </header>
            <SubscribeForm
              submitting={view.submitting}
              onSubmitting={() => dispatch({ type: 'submitted' })}
              onFailed={() => dispatch({ type: 'failed' })}
              onSubscribed={(email, frequency) => dispatch({ type: 'succeeded', email, frequency })}
            />
          </div>
        )}
      </Card>
    </div>
  );
}

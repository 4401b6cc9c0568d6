import type { AdminStatus } from '@mcp-census/schemas/api/admin';
import { formatCountOf, formatNumber } from '../../lib/format';
import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';

/** Events the consumers gave up on, per topic (they wait on the `.dlq` topics for an operator). */
export function DeadLettersCard({ deadLetters }: { deadLetters: AdminStatus['deadLetters'] }) {
  const total = deadLetters.reduce((n, d) => n + d.count, 0);
  return (
    <Card as="section">
      <CardTitle>Dead-lettered events</CardTitle>
      {deadLetters.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Not available right now.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            {total === 0 ? 'None: every event was handled.' : `${formatCountOf(total, 'event')} on the .dlq topics.`}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            {deadLetters.map((d) => (
              <div key={d.topic}>
                <dt className="break-all font-mono text-xs text-muted">{d.topic}</dt>
                <dd className={`font-semibold tabular-nums ${d.count > 0 ? 'text-caution' : ''}`}>{formatNumber(d.count)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Card>
  );
}

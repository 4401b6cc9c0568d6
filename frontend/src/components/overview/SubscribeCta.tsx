import { Link } from 'wouter';
import { buttonClass } from '../ui/Button';
import { Card } from '../ui/Card';

export function SubscribeCta() {
  return (
    <Card as="section" className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-center">
      <div>
        <h2 className="text-lg font-semibold">Get regular MCP adoption reports</h2>
        <p className="text-sm text-muted">Daily, weekly or monthly summaries of how MCP adoption is moving, by e-mail.</p>
      </div>
      <Link href="/subscribe" className={buttonClass('primary')}>
        Subscribe
      </Link>
    </Card>
  );
}

import { Link } from 'wouter';
import { buttonClass } from '../ui/Button';

export function SubscribeSuccess({ email, frequency }: { email: string; frequency: string }) {
  return (
    <div className="space-y-4 text-center" role="status">
      <div aria-hidden="true" className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-green-100 text-2xl text-green-700 dark:bg-green-900/50 dark:text-green-300">
        ✓
      </div>
      <h1 className="text-2xl font-bold">You're subscribed!</h1>
      <p className="text-muted">
        {email} will receive {frequency} MCP adoption reports.
      </p>
      <Link href="/" className={buttonClass('secondary')}>
        Back to Dashboard
      </Link>
    </div>
  );
}

import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';
import { CodeBlock } from '../ui/CodeBlock';
import { OptOutForm } from './OptOutForm';

const ROBOTS_EXAMPLE = 'User-agent: MCPCensusBot\nDisallow: /';

/** How a site owner stops the scanner: robots.txt, or a reviewed opt-out request. */
export function OptOutSection() {
  return (
    <div id="opt-out">
      <Card as="section" className="space-y-4">
        <CardTitle>Opting out</CardTitle>
        <p className="text-sm text-muted">
          Site owners can stop MCPCensusBot in two ways. The scanner honours robots.txt: add these lines to your site&apos;s /robots.txt and
          it requests nothing else from the site.
        </p>
        <CodeBlock code={ROBOTS_EXAMPLE} label="robots.txt" />
        <p className="text-sm text-muted">
          Or ask us here. Once the request is reviewed and approved, the domain and its subdomains are no longer scanned, their scan details
          are hidden, and they are shown only as &quot;Opted out&quot; and left out of every adoption figure. We use the e-mail address
          only to answer about this request.
        </p>
        <OptOutForm />
      </Card>
    </div>
  );
}

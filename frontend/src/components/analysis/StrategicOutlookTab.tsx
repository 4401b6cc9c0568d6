import { Card } from '../ui/Card';
import { CardTitle } from '../ui/CardTitle';

const OUTLOOK: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'Short-term outlook',
    [
      'Developer tools and productivity suites keep leading adoption.',
      'More sites publish discovery documents such as /.well-known/mcp.json.',
      'Read-only resources arrive before write-capable tools.',
    ],
  ],
  [
    'Long-term outlook',
    [
      'MCP endpoints become as expected as public REST APIs.',
      'Registries and directories make servers discoverable by agents.',
      'Authorisation and consent patterns settle into common practice.',
    ],
  ],
  [
    'Investment priorities',
    [
      'Expose the most-used user journeys as tools first.',
      'Invest in authentication, rate limits and audit logging.',
      'Publish clear tool descriptions: agents choose by them.',
    ],
  ],
  [
    'Risk factors',
    [
      'Tool poisoning and prompt injection through announced metadata.',
      'Over-privileged tools that let an agent do more than intended.',
      'Breaking protocol changes that strand early implementations.',
    ],
  ],
];

export function StrategicOutlookTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {OUTLOOK.map(([title, points]) => (
        <Card key={title}>
          <CardTitle>{title}</CardTitle>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

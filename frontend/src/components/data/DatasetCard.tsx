import type { OpenDataIndex } from '@mcp-census/schemas/api/open-data';
import { Card } from '../ui/Card';
import { HorizontalScroll } from '../ui/HorizontalScroll';

type Dataset = OpenDataIndex['datasets'][number];

const FORMAT_LABELS = { csv: 'CSV', parquet: 'Parquet' } as const;
const headClass = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted';
const cellClass = 'px-3 py-2 align-top';

/** One dataset of the dictionary: what it holds, its downloads and a table of its columns. */
export function DatasetCard({ dataset }: { dataset: Dataset }) {
  const headingId = `dataset-${dataset.name}`;
  return (
    <Card as="section" className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {dataset.title} <code className="ml-1 text-sm font-normal text-muted">{dataset.name}</code>
        </h2>
        <p className="text-sm text-muted">{dataset.description}</p>
        {dataset.filters.includes('category') && (
          <p className="text-sm text-muted">
            Add <code>?category=…</code> to a download URL to keep one category.
          </p>
        )}
      </div>
      <ul className="flex flex-wrap gap-3" aria-label={`Downloads of ${dataset.title}`}>
        {dataset.downloads.map((d) => (
          <li key={d.format}>
            <a
              href={d.url}
              download
              type={d.mediaType}
              className="inline-flex items-center rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-link hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              Download {FORMAT_LABELS[d.format]}
              <span className="sr-only"> of {dataset.title}</span>
            </a>
          </li>
        ))}
      </ul>
      <HorizontalScroll label={`Columns of ${dataset.title}`}>
        <table className="w-full min-w-[560px] text-sm" aria-describedby={headingId}>
          <caption className="sr-only">Columns of the {dataset.title} dataset: name, type and description</caption>
          <thead>
            <tr>
              <th scope="col" className={headClass}>
                Column
              </th>
              <th scope="col" className={headClass}>
                Type
              </th>
              <th scope="col" className={headClass}>
                Description
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {dataset.columns.map((c) => (
              <tr key={c.name}>
                <th scope="row" className={`${cellClass} text-left font-mono font-medium whitespace-nowrap`}>
                  {c.name}
                </th>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {c.type}
                  {c.nullable && <span className="text-muted"> or null</span>}
                </td>
                <td className={cellClass}>
                  {c.description}
                  {c.values && <span className="block text-muted">Values: {c.values.join(', ')}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </HorizontalScroll>
    </Card>
  );
}

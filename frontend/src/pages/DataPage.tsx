import { useQuery } from '@tanstack/react-query';
import { DatasetCard } from '../components/data/DatasetCard';
import { openDataIndexQuery } from '../components/data/open-data-api';
import { PageHeader } from '../components/ui/PageHeader';
import { PageLoading } from '../components/ui/PageLoading';
import { errorMessage } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';

/** /data: the open data downloads and their dictionary, generated from GET /api/data. */
export default function DataPage() {
  useDocumentTitle('Open data');
  const index = useQuery(openDataIndexQuery);
  return (
    <div className="space-y-6">
      <PageHeader title="Open data">
        The census as downloadable files: every monitored site, the tools, resources and prompts their MCP servers list, and the daily adoption series per
        category, as CSV or Parquet.
      </PageHeader>
      {index.isPending ? (
        <PageLoading />
      ) : index.isError ? (
        <p role="alert" className="text-negative">
          {errorMessage(index.error, 'The data dictionary could not be loaded.')}
        </p>
      ) : (
        <>
          <ul className="space-y-1 text-sm text-muted">
            <li>{index.data.notes.refresh}</li>
            <li>{index.data.notes.csv}</li>
            {index.data.notes.trends && <li>{index.data.notes.trends}</li>}
          </ul>
          {index.data.datasets.map((d) => (
            <DatasetCard key={d.name} dataset={d} />
          ))}
        </>
      )}
    </div>
  );
}

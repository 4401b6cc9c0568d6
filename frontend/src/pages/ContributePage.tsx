import { ContributeInfoLists } from '../components/contribute/ContributeInfoLists';
import { RegisterEndpointForm } from '../components/contribute/RegisterEndpointForm';
import { SuggestScanningForm } from '../components/contribute/SuggestScanningForm';
import { PageHeader } from '../components/ui/PageHeader';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ContributePage() {
  useDocumentTitle('Contribute');
  return (
    <div className="space-y-8">
      <PageHeader title="Contribute">
        Help the census see more of the web: register your own MCP endpoint, or suggest a way of finding servers we do not check yet.
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <RegisterEndpointForm />
        <SuggestScanningForm />
      </div>
      <ContributeInfoLists />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { instanceInfoSchema, type InstanceInfo } from '@mcp-census/schemas/api/instance';
import { apiJson } from '../lib/api-client';

/** Tells visitors plainly when the figures come from a simulated web, not the real internet, and when their past is simulated too. */
export function SimulatedWebBanner() {
  const [info, setInfo] = useState<InstanceInfo | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    apiJson('/api/instance', instanceInfoSchema, { signal: controller.signal }).then(setInfo, () => undefined);
    return () => controller.abort();
  }, []);
  if (!info?.simulatedWeb) return null;
  const history = info.simulatedHistory;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      Simulated web: this demo scans {info.simulatedSites?.toLocaleString('en-US')} virtual sites served on this machine, not real websites.
      {history && <> The {history.days}-day history is simulated too.</>}
    </div>
  );
}

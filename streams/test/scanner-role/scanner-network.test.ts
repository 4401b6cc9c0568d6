import { describe, expect, it } from 'vitest';
import { emptyScanResult, type ScanResult } from '@mcp-census/schemas';
import { silentLogger } from '../../src/platform/logger';
import { ScannerOfflineError } from '../../src/scanner-role/scanner-offline-error';
import { startScannerNetwork } from '../../src/scanner-role/scanner-network';

const unreachable = (): ScanResult => emptyScanResult({ reachability: 'unreachable', unreachableClass: 'connect', errorClass: 'refused', error: 'refused' });
const noMcp = (): ScanResult => emptyScanResult();
const mcp = (): ScanResult => emptyScanResult({ hasMcp: true, mcpEndpoint: 'https://a.example/mcp', transport: 'streamable-http' });

describe('the scanner network guard', () => {
  it('never publishes "No MCP" from a probe begun during an outage; MCP found then is published, and once online "No MCP" is too', async () => {
    const network = startScannerNetwork({ thresholds: { windowSize: 4, windowMs: 60_000, share: 0.75, minResults: 4 }, log: silentLogger() });
    try {
      // the network is seen working, then every probe fails: offline
      expect(network.judge(noMcp(), network.begin())).toBeNull();
      for (let i = 0; i < 4; i += 1) network.judge(unreachable(), network.begin());
      expect(network.state().state).toBe('offline');

      // probes begun while offline
      const duringOutage = [network.begin(), network.begin()] as const;
      // one finds MCP: positive evidence, published, and the network is back
      expect(network.judge(mcp(), duringOutage[0])).toBeNull();
      expect(network.state().state).toBe('online');
      // the other saw the home page but its endpoint requests may have failed from the outage: retried, not "No MCP"
      expect(network.judge(noMcp(), duringOutage[1])).toBeInstanceOf(ScannerOfflineError);

      // begun after the recovery: an honest "No MCP"
      expect(network.judge(noMcp(), network.begin())).toBeNull();
    } finally {
      await network.stop();
    }
  });
});

import { silentLogger } from '@mcp-census/streams/platform/logger';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/support/wait-for';
import { setUpLiveNamespace, type LiveNamespace } from '../../src/realtime/live-namespace';
import { dashboardState, deltaPayload } from './realtime-helpers';

/** The part of a Socket.IO namespace the `/live` feed uses: its local sockets and broadcasts. */
function fakeNamespace() {
  const sockets = new Map<string, unknown>();
  const emitted: string[] = [];
  const nsp = { sockets, on: () => nsp, emit: (name: string) => (emitted.push(name), true) };
  return { nsp: nsp as unknown as LiveNamespace, sockets, emitted };
}

describe('/live pushes with no socket connected', () => {
  it('read no figures while no socket is connected to this server, and read them again once one is', async () => {
    const { nsp, sockets, emitted } = fakeNamespace();
    let reads = 0;
    const feed = setUpLiveNamespace(nsp, {
      serverId: 'test',
      log: silentLogger(),
      coalesceMs: 10,
      readDashboardState: () => {
        reads += 1;
        return Promise.resolve(dashboardState(10));
      },
    });
    try {
      // A projection's deltas with nobody watching: the changed ids go out, the figures are not read.
      for (let i = 0; i < 3; i += 1) {
        feed.publish(deltaPayload([i + 1]));
        await waitFor(`delta ${i + 1} pushed`, () => emitted.filter((e) => e === 'websites-changed').length, (n) => n === i + 1, { timeoutMs: 5_000, intervalMs: 5 });
      }
      expect(reads).toBe(0);
      expect(emitted).not.toContain('metrics');

      sockets.set('screen', {});
      feed.publish(deltaPayload([9]));
      await waitFor('metrics pushed', () => emitted.includes('metrics'), Boolean, { timeoutMs: 5_000, intervalMs: 5 });
      expect(reads).toBe(1);
      expect(emitted.slice(-3)).toEqual(['metrics', 'progress', 'websites-changed']);
    } finally {
      feed.close();
    }
  });
});

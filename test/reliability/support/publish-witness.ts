// The sandbox never sends a published variant out twice (a second publish is a no-op there),
// so `publishCount` alone cannot catch a client that publishes again. The witness stands in
// front of the sandbox and counts every publish request that arrives for a variant the service
// has already sent out or put up for sign-off: each one would be a second publish on a service
// that is not so forgiving.
import type { SandboxHandle } from '../../server/index';
import { startHostileServer, type HostileServer } from './hostile-server';

const PUBLISH = /^\/api\/workspaces\/[^/]+\/posts\/[^/]+\/variants\/([^/]+)\/publish\/$/;

export interface PublishWitness {
  baseUrl: string;
  /** Publish requests seen, and those for a variant that had already gone out. */
  requests: number;
  repeats: string[];
  close(): Promise<void>;
}

export async function startPublishWitness(sandbox: SandboxHandle): Promise<PublishWitness> {
  const proxy: HostileServer = await startHostileServer(sandbox.baseUrl);
  const witness: PublishWitness = {
    baseUrl: proxy.baseUrl,
    requests: 0,
    repeats: [],
    close: () => proxy.close(),
  };
  proxy.onForward = (method, path) => {
    const m = method === 'POST' ? PUBLISH.exec(path) : null;
    if (!m) return;
    witness.requests += 1;
    const id = decodeURIComponent(m[1] as string);
    const v = sandbox.inspect.variants().find((x) => x.id === id);
    if (v && (sandbox.inspect.publishCount(id) > 0 || v.status === 'needs_approval'))
      witness.repeats.push(`${id} (${v.status})`);
  };
  return witness;
}

// `outpost publish` says what became of its own send, as the process saw it once the send
// settled: published with its link, waiting for sign-off, refused (exit 1), or still queued
// with the reason (exit 0: a publish waiting for the connection is not a failure).
import { beforeAll, describe, expect, it } from 'vitest';
import { useCliSession } from './cli-session';

const s = useCliSession('publish-outcome');

beforeAll(async () => {
  await s.ok('connect', '--base-url', s.sandbox.baseUrl);
  await s.ok('sync');
}, 120_000);

async function variantOn(platform: string, title: string): Promise<string> {
  const post = await s.ok('draft', '--title', title, '--workspace', s.sandbox.fixtures.workspace);
  return s.ok('variant', '--post', post, '--platform', platform, '--content', `${title} text`);
}

interface PublishDoc {
  ok: boolean;
  value?: {
    state: string;
    platformPostUrl: string | null;
    publish: { outcome: string; reason: string | null };
  };
  error?: { code: string; message: string };
}

const PUBLISH_PATH = '/api/workspaces/:slug/posts/:p/variants/:v/publish/';

describe('outpost publish', () => {
  it('says published, with the link, once the send went through', { timeout: 120_000 }, async () => {
    const v = await variantOn('x', 'Goes out');
    const run = await s.outpost('--json', 'publish', '--variant', v);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as PublishDoc;
    expect(doc.value?.state).toBe('published');
    expect(doc.value?.publish).toEqual({ outcome: 'published', reason: null });
    expect(doc.value?.platformPostUrl).toMatch(/^https:\/\//);
    const plain = await s.outpost('publish', '--variant', await variantOn('x', 'Goes out too'));
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/Published\s+https:\/\//);
  });

  it('says waiting for sign-off when the account needs one', { timeout: 120_000 }, async () => {
    const run = await s.outpost('publish', '--variant', await variantOn('bluesky', 'Needs a yes'));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Waiting for sign-off');
  });

  it('exits 1 with the reason when the service refuses it', { timeout: 120_000 }, async () => {
    const v = await variantOn('x', 'Refused');
    const id = s.sandbox.faults.add({ kind: 'status', status: 400, path: PUBLISH_PATH, times: 2 });
    try {
      const run = await s.outpost('--json', 'publish', '--variant', v);
      expect(run.code).toBe(1);
      const doc = JSON.parse(run.stdout) as PublishDoc;
      expect(doc.ok).toBe(false);
      expect(doc.error?.code).toBe('publish_failed');
      expect(doc.error?.message).toMatch(/refused the publish.*400/);
      expect(run.stderr).toMatch(/refused the publish/);
    } finally {
      s.sandbox.faults.remove(id);
    }
  });

  it(
    'exits 0, saying it is still queued and why, when the service cannot be reached',
    { timeout: 120_000 },
    async () => {
      const v = await variantOn('x', 'Offline');
      const id = s.sandbox.faults.add({ kind: 'drop_before_write' });
      try {
        const run = await s.outpost('--json', 'publish', '--variant', v);
        expect(run.code).toBe(0);
        const doc = JSON.parse(run.stdout) as PublishDoc;
        expect(doc.value?.publish.outcome).toBe('queued');
        expect(doc.value?.publish.reason).toMatch(/connection/);
      } finally {
        s.sandbox.faults.remove(id);
      }
    },
  );
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

describe('npm run sandbox', () => {
  it('prints one SANDBOX line with base_url and token, serves demo data, and stops on SIGTERM', async () => {
    const child = spawn(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['test/server/cli.ts', '--port', '0', '--control'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: string[] = [];
    const reader = createInterface({ input: child.stdout });
    reader.on('line', (line) => lines.push(line));
    const [first] = (await once(reader, 'line')) as [string];
    const match = /^SANDBOX base_url=(http:\/\/127\.0\.0\.1:\d+) token=(cps_pat_\S+)$/.exec(first);
    expect(match).not.toBeNull();
    const [, baseUrl, token] = match!;

    const response = await fetch(`${baseUrl}/api/workspaces/`, { headers: { 'X-API-Key': token! } });
    const workspaces = (await response.json()) as Array<{ slug: string }>;
    expect(workspaces.length).toBeGreaterThan(0);
    const posts = await fetch(`${baseUrl}/api/workspaces/${workspaces[1]!.slug}/posts/`, {
      headers: { 'X-API-Key': token! },
    });
    expect(((await posts.json()) as unknown[]).length).toBeGreaterThan(0);

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(lines).toEqual([first]);
  });
});

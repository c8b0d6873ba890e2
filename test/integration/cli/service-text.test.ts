// In the CLI: service text is data. A post title carrying terminal escape
// sequences (OSC to set the window title, BEL, clear screen, colours) and a bidi override, and
// a variant whose platform holds a right-to-left override, are pulled from a real sandbox and
// printed by every command that shows them: the text output holds no raw control or bidi
// character and shows each as an escape; --json parses back to the same strings with them
// escaped in its text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostSummary, VariantView } from '@preload/bridge';
import { ServiceClient } from '../../../src-main/core/api/client';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, runCli, type Run } from './run-cli';

// ESC ] 0 ; ... BEL sets the terminal's title; ESC [ 2 J clears it; ESC [ 31 m paints red;
// U+009B is the one-byte CSI; U+202E reverses what follows.
const TITLE = 'Launch\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u009b0m \u202eexe.txt';
const PLATFORM = 'x\u202elive';
const CONTENT = 'Hello\u001b[2J\u2066world\u2069';
/** A character a terminal acts on, or that reorders text, printed raw. */
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

let cli = '';
let sandbox: SandboxHandle;
const dirs: string[] = [];

beforeAll(async () => {
  cli = await buildCli('service-text');
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
  for (const dir of [...dirs, cli]) rmSync(dir, { recursive: true, force: true });
});

function outpost(args: string[]): Promise<Run> {
  return runCli(cli, args, { OUTPOST_TOKEN: sandbox.token });
}

describe('service text printed by the CLI', () => {
  it(
    'shows control and bidi characters as escapes in text, and escaped in JSON',
    { timeout: 180_000 },
    async () => {
      const f = sandbox.fixtures;
      const service = new ServiceClient({
        baseUrl: sandbox.baseUrl,
        token: sandbox.token,
        authHeader: 'bearer',
      });
      const post = await service.createPost(f.workspace, { title: TITLE });
      await service.createVariant(f.workspace, post.id, { platform: PLATFORM, content: CONTENT });

      const dataDir = mkdtempSync(join(tmpdir(), 'outpost-cli-text-'));
      dirs.push(dataDir);
      const g = ['--data-dir', dataDir];
      expect((await outpost([...g, 'connect', '--base-url', sandbox.baseUrl])).code).toBe(0);
      const synced = await outpost([...g, 'sync']);
      expect(synced.stderr).toBe('');

      const listed = await outpost([...g, '--json', 'posts', '--workspace', f.workspace]);
      const mine = (JSON.parse(listed.stdout) as { value: PostSummary[] }).value.find(
        (p) => p.serverId === post.id,
      );
      // Nothing lost: the title is kept exactly as the service sent it.
      expect(mine?.title).toBe(TITLE);
      expect(listed.stdout).not.toMatch(RAW);
      expect(listed.stdout).toContain('\\u001b]0;pwned\\u0007');
      expect(listed.stdout).toContain('\\u009b0m \\u202eexe.txt');

      const variantsJson = await outpost([...g, '--json', 'variants', '--post', mine!.id]);
      expect(variantsJson.stdout).not.toMatch(RAW);
      const variants = (JSON.parse(variantsJson.stdout) as { value: VariantView[] }).value;
      expect(variants.map((v) => [v.platform, v.content])).toEqual([[PLATFORM, CONTENT]]);

      const shown = {
        posts: await outpost([...g, 'posts']),
        variants: await outpost([...g, 'variants', '--post', mine!.id]),
        outbox: await outpost([...g, 'outbox']),
        status: await outpost([...g, 'status']),
      };
      for (const [command, run] of Object.entries(shown)) {
        expect([command, run.code]).toEqual([command, 0]);
        expect([command, RAW.test(run.stdout + run.stderr)]).toEqual([command, false]);
      }
      expect(shown.posts.stdout).toContain(
        'Launch\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred\\x9b0m \\u202eexe.txt',
      );
      // The platform is an identifier: escaped, and flagged as holding what a typed one may not.
      expect(shown.variants.stdout).toContain('x\\u202elive [invisible characters]');
      expect(shown.variants.stdout).toContain('Hello\\x1b[2J\\u2066world\\u2069');
      // Each row is still one line of tab-separated columns.
      const row = shown.variants.stdout.trim().split('\n');
      expect(row).toHaveLength(1);
      expect(row[0]!.split('\t')).toHaveLength(7);
    },
  );

  it('escapes what it quotes back from the command line in its errors', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-cli-text-'));
    dirs.push(dataDir);
    const bad = await outpost(['--data-dir', dataDir, '--json', 'frobnicate\u001b]0;x\u0007']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      "outpost: Unknown command 'frobnicate\\x1b]0;x\\x07'. Run 'outpost --help' for the list.\n",
    );
    expect(bad.stdout).not.toMatch(RAW);
    expect((JSON.parse(bad.stdout) as { error: { message: string } }).error.message).toContain(
      '\u001b]0;x\u0007',
    );
  });
});

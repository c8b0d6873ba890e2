// `outpost history` and `outpost restore`, run as a script would against the sandbox:
// every edit made from the command line is kept as a version when the command ends (its typing
// has paused), history lists them with `version` and `content`, and a restore is a new edit the
// next sync sends.
import { describe, expect, it } from 'vitest';
import type { PostDetail, TextVersionView } from '@preload/bridge';
import { useCliSession } from './cli-session';
import { jsonOf } from './run-cli';

const session = useCliSession('history');
const { outpost, ok } = session;

describe('outpost history and restore', () => {
  it('lists the versions of a text and restores one through the outbox', { timeout: 120_000 }, async () => {
    const workspace = session.sandbox.fixtures.workspace;
    await ok('connect', '--base-url', session.sandbox.baseUrl);
    const postId = await ok('draft', '--title', 'Versions', '--workspace', workspace);
    const variantId = await ok('variant', '--post', postId, '--platform', 'x', '--content', 'One');
    await ok('edit', '--variant', variantId, '--content', 'Two');
    await ok('edit', '--variant', variantId, '--content', 'Three');
    await ok('sync');

    const listed = await outpost('--json', 'history', '--variant', variantId);
    expect(listed.code).toBe(0);
    // Exactly one JSON document.
    const versions = jsonOf<TextVersionView[]>(listed);
    expect(versions.map((v) => [v.version, v.content, v.origin])).toEqual([
      [3, 'Three', 'typed'],
      [2, 'Two', 'typed'],
      [1, 'One', 'typed'],
    ]);
    expect(versions.every((v) => !Number.isNaN(Date.parse(v.at)) && v.originText === 'typed here')).toBe(
      true,
    );
    const text = await ok('history', '--variant', variantId);
    expect(text.split('\n').map((line) => line.split('\t').filter((_, i) => i !== 1))).toEqual([
      ['3', 'typed here', 'Three'],
      ['2', 'typed here', 'Two'],
      ['1', 'typed here', 'One'],
    ]);

    const restored = await outpost('--json', 'restore', '--variant', variantId, '--version', '1');
    expect(restored.code).toBe(0);
    const post = jsonOf<PostDetail>(restored);
    expect(post.variants.find((v) => v.id === variantId)?.content).toBe('One');
    const outbox = await ok('outbox');
    expect(outbox).toContain('Update variant');
    await ok('sync');
    const serverPost = session.sandbox.inspect.posts(workspace).find((p) => p.title === 'Versions')!;
    expect(session.sandbox.inspect.variants(serverPost.id).map((v) => v.content)).toEqual(['One']);
    const after = jsonOf<TextVersionView[]>(await outpost('--json', 'history', '--variant', variantId));
    expect(after.map((v) => [v.version, v.content, v.origin])).toEqual([
      [4, 'One', 'typed'],
      [3, 'Three', 'before_restore'],
      [2, 'Two', 'typed'],
      [1, 'One', 'typed'],
    ]);

    const titles = jsonOf<TextVersionView[]>(await outpost('--json', 'history', '--post', postId));
    expect(titles.map((v) => v.content)).toEqual(['Versions']);
  });

  it('says plainly what is wrong with a restore', async () => {
    const missing = await outpost('restore', '--variant', 'no-such-variant', '--version', '1');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No variant with id no-such-variant/);
    const usage = await outpost('restore', '--variant', 'v', '--version', 'latest');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--version must be a whole number/);
    const both = await outpost('history', '--variant', 'v', '--post', 'p');
    expect(both.code).toBe(2);
  });
});

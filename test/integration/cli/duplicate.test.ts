// `outpost duplicate --post ID` as a script runs it: the new post's id on
// standard output (`id` in --json), a copy that stays local until the next sync, and a new post
// on the service with every variant once it has run; a wrong id fails plainly.
import { describe, expect, it } from 'vitest';
import type { PostDetail } from '@preload/bridge';
import { useCliSession } from './cli-session';
import { jsonOf } from './run-cli';

const session = useCliSession('duplicate');
const { outpost, ok } = session;

describe('outpost duplicate', () => {
  it('prints the copy’s id, which syncs as a new post with every variant', { timeout: 120_000 }, async () => {
    const workspace = session.sandbox.fixtures.workspace;
    await ok('connect', '--base-url', session.sandbox.baseUrl);
    const postId = await ok('draft', '--title', 'Spring menu', '--workspace', workspace);
    await ok('variant', '--post', postId, '--platform', 'x', '--content', 'Asparagus is back.');
    await ok('variant', '--post', postId, '--platform', 'linkedin', '--content', 'Our spring menu is here.');
    await ok('sync');
    const postsBefore = session.sandbox.inspect.posts(workspace).length;

    const copyId = await ok('duplicate', '--post', postId);

    expect(copyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(copyId).not.toBe(postId);
    const json = await outpost('--json', 'duplicate', '--post', postId);
    expect(json.code).toBe(0);
    const second = jsonOf<PostDetail>(json);
    expect([second.title, second.serverId, second.variants.map((v) => v.platform)]).toEqual([
      'Spring menu (copy)',
      null,
      ['x', 'linkedin'],
    ]);
    expect(typeof second.id).toBe('string');
    // Nothing left yet: the copies go with the next sync.
    expect(session.sandbox.inspect.posts(workspace)).toHaveLength(postsBefore);

    await ok('sync');
    const copies = session.sandbox.inspect.posts(workspace).filter((p) => p.title === 'Spring menu (copy)');
    expect(copies).toHaveLength(2);
    for (const copy of copies)
      expect(
        session.sandbox.inspect
          .variants(copy.id)
          .map((v) => v.content)
          .sort(),
      ).toEqual(['Asparagus is back.', 'Our spring menu is here.']);
    const listed = JSON.parse(await ok('--json', 'variants', '--post', copyId)) as { value: unknown[] };
    expect(listed.value).toHaveLength(2);
  });

  it('fails plainly for a post that is not there', async () => {
    const run = await outpost('duplicate', '--post', 'no-such-post');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('It is no longer in Outpost.');
    const json = await outpost('--json', 'duplicate', '--post', 'no-such-post');
    expect(JSON.parse(json.stdout)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'It is no longer in Outpost.' },
    });
  });
});

// At the bridge: bidi, zero-width and control characters are refused in
// platform identifiers with a clear message; a lone surrogate in content becomes U+FFFD and is
// never stored as invalid UTF-8.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src-main/core/app/commands';
import { openCore, type TestCore } from '../core/helpers';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const refused = [
  'x\u202e',
  'link\u200bedin',
  'x\u200d',
  'x\u200e',
  'x\u200f',
  'x\u2066',
  'x\u2069',
  'x\u0007',
  'x\u0000',
  'x\ny',
  'x\u001b[31m',
];

describe('platform identifiers', () => {
  it.each(refused.map((p) => [JSON.stringify(p), p]))(
    '%s is refused with a clear message',
    async (_label, platform) => {
      t = await openCore();
      const post = await t.call('posts.create', { workspace: null, title: 'T' });
      const result = await t.core.invoke('variants.create', {
        postId: post.id,
        platform,
        content: 'Body',
        account: { kind: 'default' },
      });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('invalid_payload');
        expect(result.error.message).toMatch(
          /platform: must not contain invisible or control characters \(found U\+[0-9A-F]{4} /,
        );
      }
      expect((await t.call('posts.get', { id: post.id })).variants).toHaveLength(0);
    },
  );

  it('an ordinary platform name, and one Outpost does not know, are accepted', () => {
    for (const platform of ['linkedin', 'Mastodon', 'my-network_2']) {
      const parsed = COMMANDS['variants.create'].payload.parse({
        postId: 'p',
        platform,
        content: '',
        account: { kind: 'default' },
      });
      expect(parsed.platform).toBe(platform);
    }
  });

  it('a profile id or workspace slug with a control character is refused too', () => {
    expect(COMMANDS['profiles.list'].payload.safeParse({ workspace: 'ws\u202e' }).success).toBe(false);
    expect(
      COMMANDS['variants.update'].payload.safeParse({
        id: 'v',
        account: { kind: 'profile', profileId: 'p\u200b' },
      }).success,
    ).toBe(false);
  });
});

describe('content', () => {
  it('content with invisible characters is kept as typed (the window counts and marks them)', async () => {
    t = await openCore();
    const post = await t.call('posts.create', { workspace: null, title: 'T' });
    const content = 'read\u202eevil\u200b and\ttab\nline';
    const variant = await t.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content,
      account: { kind: 'default' },
    });
    expect(variant.content).toBe(content);
  });

  it('a lone surrogate becomes U+FFFD at the bridge and the file holds valid UTF-8 only', async () => {
    t = await openCore();
    const post = await t.call('posts.create', { workspace: null, title: 'Half \udc00 a pair' });
    const variant = await t.call('variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'emoji half \ud83d end',
      account: { kind: 'default' },
    });
    expect(variant.content).toBe('emoji half \ufffd end');
    const updated = await t.call('variants.update', { id: variant.id, content: 'again \ud800' });
    expect(updated.content).toBe('again \ufffd');
    expect((await t.call('posts.get', { id: post.id })).title).toBe('Half \ufffd a pair');
    // A whole pair is left alone.
    const pair = await t.call('variants.update', { id: variant.id, content: 'ok \ud83d\ude00' });
    expect(pair.content).toBe('ok 😀');
    await t.core.close(1_000);
    for (const name of ['outpost.db', 'outpost.db-wal'].filter((n) => existsSync(join(t!.dir, n)))) {
      const bytes = readFileSync(join(t.dir, name));
      // UTF-8 of a surrogate code point (CESU-style) starts ED A0..BF.
      for (let i = 0; i + 1 < bytes.length; i++) {
        if (bytes[i] === 0xed && bytes[i + 1]! >= 0xa0 && bytes[i + 1]! <= 0xbf) {
          throw new Error(`${name} holds a surrogate encoded as UTF-8 at byte ${i}`);
        }
      }
    }
  });
});

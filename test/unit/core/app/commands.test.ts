import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '@preload/bridge';
import { COMMANDS } from '../../../../src-main/core/app/commands';
import { describeIssues } from '../../../../src-main/core/app/schemas';

describe('command declarations', () => {
  it('cover exactly the commands of the bridge', () => {
    expect(Object.keys(COMMANDS).sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it.each([
    ['posts.create', { workspace: null, title: 'ok' }, true],
    ['posts.create', { workspace: null }, false],
    ['posts.create', { workspace: null, title: 'x', extra: true }, false],
    ['variants.create', { postId: 'p', platform: ' ', content: 'c', account: { kind: 'none' } }, false],
    [
      'variants.create',
      { postId: 'p', platform: 'x', content: 'c', account: { kind: 'profile', profileId: '7' } },
      true,
    ],
    ['variants.schedule', { id: 'v', at: '2030-01-01T09:00:00Z' }, true],
    ['variants.schedule', { id: 'v', at: '2030-01-01T09:00:00+02:00' }, true],
    ['variants.schedule', { id: 'v', at: '2030-01-01 09:00' }, false],
    // A day or an hour that does not exist is refused, not rolled over into the next.
    ['variants.schedule', { id: 'v', at: '2030-02-30T09:00:00Z' }, false],
    ['variants.schedule', { id: 'v', at: '2030-02-29T09:00:00Z' }, false],
    ['variants.schedule', { id: 'v', at: '2028-02-29T09:00:00Z' }, true],
    ['variants.schedule', { id: 'v', at: '2030-04-31T23:30:00+02:00' }, false],
    ['variants.schedule', { id: 'v', at: '2030-01-01T24:00:00Z' }, false],
    ['variants.schedule', { id: 'v', at: '2030-01-01T09:60:00Z' }, false],
    ['variants.schedule', { id: 'v', at: '2030-13-01T09:00:00Z' }, false],
    ['variants.schedule', { id: 'v', at: '2030-12-31T23:59:59.999-0530' }, true],
    ['variants.resolveConflict', { id: 'v', choice: 'edit', content: 'n' }, true],
    ['variants.resolveConflict', { id: 'v', choice: 'maybe' }, false],
    ['settings.get', undefined, true],
    ['settings.get', {}, true],
    ['settings.get', { a: 1 }, false],
    ['sync.log', undefined, true],
    ['sync.log', { limit: 0 }, false],
    ['activity.list', { postId: 'p', limit: 101 }, false],
    ['undo.run', {}, true],
    ['undo.run', { id: 'u' }, true],
    ['undo.run', { id: '' }, false],
    ['undo.run', { id: 'u', all: true }, false],
  ] as const)('%s %o valid=%s', (name, payload, valid) => {
    expect(COMMANDS[name].payload.safeParse(payload).success).toBe(valid);
  });

  it('names the field at fault', () => {
    const r = COMMANDS['variants.update'].payload.safeParse({ id: 'v', account: { kind: 'profile' } });
    expect(r.success).toBe(false);
    if (!r.success) expect(describeIssues(r.error)).toMatch(/^account\.profileId: /);
  });
});

// Every bridge answer that can quote the service passes the same redaction: a post made on the
// service with token shapes in its title and text (one with a zero-width space inside) reaches
// the list, the page, the account's drafts and the calendar as `[redacted]`.
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName } from '@preload/bridge';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, type TestCore } from '../core/helpers';

const SHAPE = 'evil_pat_Zq81TtWk2Mn7Rb4Lp9Cx';
const HIDDEN = 'other_pat_\u200bAa11Bb22Cc33Dd44';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
});

async function api(s: SandboxHandle, path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${s.baseUrl}/api/workspaces/${s.fixtures.workspace}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': s.token },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { id: string };
}

describe('bridge answers that quote the service', () => {
  it('hold no token shape, whichever command shows the post', async () => {
    const start = new Date('2031-02-02T08:00:00Z');
    sandbox = await startSandbox({ manualClock: true, startTime: start });
    const s = sandbox;
    const post = await api(s, 'posts/', { title: `Leaky ${SHAPE} title` });
    await api(s, `posts/${post.id}/variants/`, {
      platform: 'x',
      content: `Text ${SHAPE} and ${HIDDEN}`,
      social_profile_id: s.fixtures.profiles.xDefault,
      scheduled_at: '2031-02-03T09:00:00Z',
    });
    await api(s, `posts/${post.id}/variants/`, { platform: 'linkedin', content: `Draft ${SHAPE}` });
    t = await openCore({ clock: new ManualClock(start) });
    await t.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'x-api-key' });
    await t.core.syncNow('user');
    const workspace = s.fixtures.workspace;
    const calls: Array<[CommandName, unknown]> = [
      ['posts.list', { workspace }],
      ['posts.page', { workspace, from: 0, limit: 50 }],
      ['posts.refresh', { workspace, changed: (await t.call('posts.list', { workspace })).map((p) => p.id) }],
      ['planning.drafts', { workspace, profileId: s.fixtures.profiles.linkedin }],
      ['planning.calendar', { workspace, from: '2031-02-01T00:00:00Z', to: '2031-02-08T00:00:00Z' }],
    ];
    for (const [command, payload] of calls) {
      const answer = await t.core.invoke(command, payload);
      expect(answer.ok, `${command}: ${JSON.stringify(answer)}`).toBe(true);
      const text = JSON.stringify(answer);
      // The calendar names its items without their text; the others show it, redacted.
      if (command !== 'planning.calendar') expect(text, command).toContain('[redacted]');
      expect(text, command).not.toContain('Zq81TtWk2Mn7Rb4Lp9Cx');
      expect(text, command).not.toContain('Aa11Bb22Cc33Dd44');
    }
  });
});

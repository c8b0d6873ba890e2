// The words home (src-preload/words/), which the window, the CLI and the core read from. Every
// output it can give is held to the plain-words list (no connection codes, no status strings,
// no "read back"), and so is every string the built window holds.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  OUTBOX_OP_KINDS,
  OUTBOX_OP_STATES,
  type ItemState,
  type OutboxOpView,
  type SyncStatus,
} from '@preload/bridge';
import {
  DISK_FULL_WORDS,
  importText,
  problemText,
  recoveryNotice,
  saveRefusal,
  syncStoppedWords,
} from '@preload/words/data';
import { COMMAND_ERRORS, NOT_FOUND } from '@preload/words/errors';
import { ORIGIN_WORDS } from '@preload/words/history';
import { OP_KIND_WORDS, OP_STATE_WORDS, OUTBOX_REASONS, waitReason } from '@preload/words/outbox';
import {
  accountInactive,
  alreadyScheduled,
  noDefaultAccount,
  overLimit,
  REFUSALS,
} from '@preload/words/refusals';
import { discardLabel, itemName, queueLabel, timeChangeLabel, timePassed } from '@preload/words/undo';
import { codeToWords, jargonIn, valueWords } from '@preload/words/plain';
import { STATE_LABELS, STATE_TEXT, stateLabel } from '@preload/words/states';
import { statusLine } from '@preload/words/status';
import { LOG_ACTIONS, logActionWords } from '@preload/words/sync-log';

const base: SyncStatus = {
  phase: 'idle',
  online: true,
  pending: 0,
  failed: 0,
  conflicts: 0,
  needsAttention: 0,
  lastSyncAt: '2030-01-01T10:00:00Z',
  lastError: null,
  unavailableWorkspaces: [],
  unreadWorkspaces: [],
  lastReadAt: '2030-01-01T10:00:00Z',
  serviceFailing: null,
  answerTrouble: [],
  checked: { onScreen: null, nextWeek: null, everything: null },
};
/** The times as the window shows them, from the ISO string (a fixed zone, for the table). */
const hhmm = (iso: string): string => iso.slice(11, 16);

describe('the status line: one state, and "up to date" only when it is', () => {
  it.each([
    [{}, 'Up to date, read 10:00', 'good'],
    [{ pending: 4 }, '4 waiting · last read 10:00', 'progress'],
    [{ phase: 'syncing', pending: 4 }, 'Syncing… · last read 10:00', 'progress'],
    [
      { phase: 'offline', online: false, pending: 4 },
      'Offline · 4 changes waiting to send · last read 10:00',
      'muted',
    ],
    // The engine's phase and its online flag disagreeing still shows one state, not both.
    [
      { phase: 'idle', online: false, pending: 1 },
      'Offline · 1 change waiting to send · last read 10:00',
      'muted',
    ],
    [{ needsAttention: 1, conflicts: 1 }, 'Up to date, read 10:00 · 1 needs attention', 'good'],
    [{ lastReadAt: null, lastSyncAt: null }, 'Not read from the service yet', 'muted'],
    [{ phase: 'not_connected' }, 'Not connected: drafts stay on this computer', 'muted'],
    [
      { serviceFailing: { status: 503, nextTryAt: '2030-01-01T10:05:00Z' } },
      'The service is failing (503), next try 10:05 · last read 10:00',
      'warn',
    ],
    [
      { serviceFailing: { status: 500, nextTryAt: null }, pending: 2 },
      'The service is failing (500) · 2 changes waiting to send · last read 10:00',
      'warn',
    ],
    [
      { unreadWorkspaces: [{ slug: 'side-project', reason: 'The service failed (500).' }] },
      'Could not read “side-project” from the service · last read 10:00',
      'warn',
    ],
    [{ failed: 1, needsAttention: 1 }, '1 change failed · last read 10:00', 'warn'],
    [{ lastError: 'Something else' }, 'The last sync did not finish · last read 10:00', 'warn'],
    // A workspace taken away is named; the others are up to date, so the tone warns.
    [
      { unavailableWorkspaces: [{ slug: 'acme', name: 'Acme', access: 'forbidden' }] },
      'Up to date, read 10:00 · no access to “Acme”',
      'warn',
    ],
  ] as const)('%j reads "%s"', (over, text, tone) => {
    // The table is `as const`: its lists are read-only, the status's are not.
    const s = statusLine({ ...base, ...(over as Partial<SyncStatus>) }, hhmm);
    expect(s).toEqual({ text, tone });
    expect(s.text).not.toMatch(/Online.*Offline|Up to date.*waiting|waiting.*Up to date/);
  });

  it('never says "up to date" while a part of the sync failed', () => {
    const failures: Array<Partial<SyncStatus>> = [
      { serviceFailing: { status: 503, nextTryAt: null } },
      { unreadWorkspaces: [{ slug: 'a', reason: 'x' }] },
      { failed: 2, needsAttention: 2 },
      { lastError: 'x' },
      { phase: 'offline' },
      { phase: 'needs_token' },
    ];
    for (const over of failures)
      expect(statusLine({ ...base, ...over }, hhmm).text).not.toMatch(/up to date/i);
  });
});

describe('outbox rows say why they wait, as the row stands now', () => {
  const op = {
    kind: 'create_variant',
    state: 'pending',
    postTitle: 'Hi',
    error: null,
    nextAttemptAt: null,
    attempts: 0,
  } as const;
  const now = Date.parse('2030-01-01T10:02:00Z');
  const reason = (over: Partial<OutboxOpView>, status: SyncStatus = base) =>
    waitReason({ ...op, ...over }, status, hhmm, now);

  it('names the cause in words', () => {
    expect(reason({ kind: 'create_post', postTitle: '  ' })).toMatch(/Waits for a title/);
    expect(reason({}, { ...base, online: false, phase: 'offline' })).toBe(
      'Waits for the connection to come back.',
    );
    expect(reason({}, { ...base, phase: 'paused' })).toBe('Waits: sync is paused.');
    expect(reason({ state: 'failed', error: 'Bad request' })).toBe('Bad request');
    expect(reason({})).toBe('Goes out with the next sync.');
    for (const state of OUTBOX_OP_STATES) expect(reason({ state })).not.toBe('');
  });

  it('says why the last try failed, and when the next one is', () => {
    const failing = {
      attempts: 2,
      error: 'The service is temporarily unavailable (503 Service Unavailable).',
      nextAttemptAt: '2030-01-01T10:05:00Z',
    };
    expect(reason(failing)).toBe(
      'The last try failed: The service is temporarily unavailable (503 Service Unavailable). Outpost tries again at 10:05.',
    );
    // Its time has come: no stale "tries again at" a time gone by.
    expect(reason({ ...failing, nextAttemptAt: '2030-01-01T10:01:00Z' })).toBe(
      'The last try failed: The service is temporarily unavailable (503 Service Unavailable). Goes out with the next sync.',
    );
    // While it is being sent again, the old failure is not its reason any more.
    expect(reason({ ...failing, state: 'sending' })).toBe('Sending now.');
  });

  it('says a failing service holds it back, and until when', () => {
    const down: SyncStatus = { ...base, serviceFailing: { status: 503, nextTryAt: '2030-01-01T10:07:00Z' } };
    expect(reason({}, down)).toBe('Waits: the service is failing (503); next try 10:07.');
    expect(reason({}, { ...base, serviceFailing: { status: 502, nextTryAt: null } })).toBe(
      'Waits: the service is failing (502).',
    );
    // Once the service answers again, so does the reason.
    expect(reason({}, base)).toBe('Goes out with the next sync.');
  });
});

describe('the sync log in words', () => {
  it('says known actions in words', () => {
    expect(logActionWords('pull_skipped')).toBe('Quick sync (no full read from the service)');
    expect(logActionWords('create_post_adopt')).toMatch(/linked, not created twice/);
    expect(logActionWords('notify_published')).toBe('Told you: published');
    expect(logActionWords('fresh_page')).toBe('Checked for new posts: read the newest ones');
  });
  it('says a settled create in words, from its action (and from the older linked lines)', () => {
    expect(logActionWords('create_post')).toBe('Post created on the service');
    expect(logActionWords('create_variant')).toBe('Variant created on the service');
    expect(logActionWords('post_linked')).toBe('Post created on the service');
  });
  it('says the outbox events a settlement logs under its own name in words', () => {
    for (const code of ['refused', 'never_sent', 'crashed', 'locked', 'read_back_absent', 'user_retry'])
      expect(logActionWords(code)).not.toBe(code);
  });
  it('makes words of an action it does not know, and never reads inherited keys', () => {
    expect(logActionWords('brand_new_thing')).toBe('Brand new thing');
    expect(logActionWords('toString')).toBe('toString');
    expect(logActionWords('constructor')).toBe('constructor');
  });
});

describe('the service’s codes', () => {
  it('says a code in words and leaves words and names alone', () => {
    expect(codeToWords('variant.approval_requested')).toBe('Variant approval requested');
    expect(valueWords('no_default_available')).toBe('no default available');
    expect(valueWords('platform_default')).toBe('platform default');
    for (const kept of ['side-project', 'x', 'Launch day', 'https://social.example/x/1'])
      expect(valueWords(kept)).toBe(kept);
  });
  it('shows a status string the spec does not name as it came', () => {
    expect(stateLabel('unknown_status', 'queued_for_review')).toBe('queued_for_review');
    expect(stateLabel('needs_approval', 'needs_approval')).toBe('Waiting for sign-off');
  });
});

/** Every status the line can meet, one problem or state at a time. */
function statuses(): SyncStatus[] {
  const overs: Array<Partial<SyncStatus>> = [
    {},
    { pending: 3 },
    { phase: 'syncing' },
    { phase: 'paused', pending: 1 },
    { phase: 'offline', online: false },
    { phase: 'needs_token' },
    { phase: 'not_connected' },
    { serviceFailing: { status: 503, nextTryAt: '2030-01-01T10:05:00Z' } },
    { unreadWorkspaces: [{ slug: 'acme', reason: 'x' }] },
    { failed: 1, needsAttention: 2 },
    { lastError: 'x' },
    { lastReadAt: null },
    { unavailableWorkspaces: [{ slug: 'acme', name: 'Acme', access: 'not_found' }] },
  ];
  return overs.map((over) => ({ ...base, ...over }));
}

/** Everything the module can say, over every input it knows. */
function everything(): string[] {
  const said: string[] = [];
  const states = Object.keys(STATE_LABELS) as ItemState[];
  for (const s of states) said.push(STATE_LABELS[s], STATE_TEXT[s], stateLabel(s));
  for (const k of OUTBOX_OP_KINDS) said.push(OP_KIND_WORDS[k]);
  for (const s of OUTBOX_OP_STATES) said.push(OP_STATE_WORDS[s]);
  for (const a of LOG_ACTIONS) said.push(logActionWords(a));
  for (const status of statuses()) {
    said.push(statusLine(status, hhmm).text);
    for (const kind of OUTBOX_OP_KINDS)
      for (const state of OUTBOX_OP_STATES)
        for (const attempts of [0, 2])
          said.push(
            waitReason(
              {
                kind,
                state,
                postTitle: kind === 'create_post' ? '' : 'Hi',
                error: attempts ? 'The service failed (500).' : null,
                nextAttemptAt: attempts ? '2030-01-01T10:05:00Z' : null,
                attempts,
              },
              status,
              hhmm,
              Date.parse('2030-01-01T10:00:00Z'),
            ),
          );
  }
  const message = 'The connection to the service broke.';
  for (const value of Object.values(OUTBOX_REASONS))
    said.push(typeof value === 'string' ? value : value(message, true));
  said.push(OUTBOX_REASONS.publishNotSeen(null), OUTBOX_REASONS.publishSeen('published'));
  for (const value of Object.values(REFUSALS)) said.push(value);
  said.push(alreadyScheduled('Tue 3 Mar, 09:00'), overLimit(3, 'X', 283, 280, 'characters'));
  said.push(accountInactive('X'), noDefaultAccount('Instagram'));
  for (const value of Object.values(COMMAND_ERRORS))
    said.push(typeof value === 'string' ? value : (value as (x: string) => string)('x'));
  for (const value of Object.values(NOT_FOUND))
    said.push((value as (a: string, b: string) => string)('acme', 'p1'));
  for (const value of Object.values(ORIGIN_WORDS)) said.push(value);
  const moves = [{ postTitle: 'Launch', platform: 'x', before: null, after: '2030-01-01T10:00:00Z' }];
  said.push(
    timeChangeLabel(moves),
    queueLabel(moves),
    timePassed(itemName('Launch', 'x'), '2030-01-01T10:00:00Z'),
  );
  said.push(discardLabel({ content: true, account: false, time: false }, itemName('', 'linkedin')));
  for (const code of [
    'no_default_available',
    'platform_default',
    'needs_approval',
    'variant.approval_requested',
  ])
    said.push(valueWords(code), codeToWords(code));
  for (const kind of ['disk_full', 'read_only', 'locked', 'folder_gone'] as const)
    said.push(
      problemText(kind, '/home/a/Outpost'),
      saveRefusal(kind, '/home/a/Outpost'),
      syncStoppedWords(kind),
    );
  said.push(syncStoppedWords('damaged'), syncStoppedWords('io'), DISK_FULL_WORDS);
  const counts = { posts: 2, variants: 3, textVersions: 4, ops: 1, slots: 5, skipped: 1 };
  said.push(
    importText(counts),
    importText({ ...counts, posts: 0, variants: 0, textVersions: 0, ops: 0, slots: 0 }),
  );
  for (const restoredFrom of [{ at: '2030-01-01T10:00:00Z' }, null]) {
    const notice = recoveryNotice(
      {
        at: '2030-01-01T11:00:00Z',
        cause: 'database disk image is malformed',
        damagedFile: '/home/a/Outpost/outpost.db.damaged-1',
        restoredFrom,
        unreadable: restoredFrom ? ['variant'] : [],
        nothingRead: restoredFrom === null,
        merged: { posts: 1, variants: 2, textVersions: 0, ops: 1, strays: 1 },
      },
      true,
    );
    said.push(notice.title, ...notice.lines);
  }
  return said;
}

/** What the issue found on screen, as it would stand in the window's code. */
const BUILT_PHRASES =
  /ECONNREFUSED|UND_ERR|Service status:|Account selection:|\bread(?:ing)?(?: it)? back\b/i;

describe('nothing a person reads is jargon', () => {
  it('the words module says nothing from the jargon list', () => {
    const found = everything()
      .map((text) => ({ text, jargon: jargonIn(text) }))
      .filter((x) => x.jargon !== null);
    expect(found).toEqual([]);
  });

  it('the list catches what the issue found', () => {
    for (const text of [
      'Could not reach the service: ECONNREFUSED',
      'socket closed (UND_ERR_SOCKET)',
      'Service status: needs_approval',
      'Account selection: no_default_available',
      'it will be read back',
    ])
      expect(jargonIn(text)).not.toBeNull();
    expect(jargonIn('Up to date, read 12:04')).toBeNull();
  });

  it('the built window holds none of it either', () => {
    const dir = join(process.cwd(), 'out', 'renderer');
    if (!existsSync(dir))
      throw new Error('out/renderer is missing: run `npm run build` (npm test does it first).');
    const files: string[] = [];
    const walk = (at: string): void => {
      for (const name of readdirSync(at)) {
        const path = join(at, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(js|html)$/.test(name)) files.push(path);
      }
    };
    walk(dir);
    expect(files.length).toBeGreaterThan(0);
    const offending = files.filter((file) => BUILT_PHRASES.test(readFileSync(file, 'utf8')));
    expect(offending).toEqual([]);
  });

  it('the window’s source shows none of it either', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(svelte|ts)$/.test(name)) files.push(path);
      }
    };
    walk(join(process.cwd(), 'src-renderer', 'src'));
    const offending = files.filter((file) => {
      // What a person can read: markup and strings, not the comments around them.
      const text = readFileSync(file, 'utf8')
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      return BUILT_PHRASES.test(text);
    });
    expect(offending).toEqual([]);
  });
});

describe('what a recovery or an import brought back', () => {
  const report = (
    restoredFrom: { at: string } | null,
    merged: Parameters<typeof recoveryNotice>[0]['merged'],
  ) =>
    recoveryNotice(
      {
        at: '2030-01-01T11:00:00Z',
        cause: 'database disk image is malformed',
        damagedFile: '/home/a/Outpost/outpost.db.damaged-1',
        restoredFrom,
        unreadable: [],
        nothingRead: false,
        merged,
      },
      true,
    ).lines;

  it('names only what came back, and "newer than the copy" only where a copy was put back', () => {
    const merged = { posts: 2, variants: 0, textVersions: 0, ops: 3, strays: 0 };
    expect(report({ at: '2030-01-01T10:00:00Z' }, merged)).toContain(
      'From the damaged file it brought back 2 posts and 3 changes waiting to go, newer than the copy.',
    );
    expect(report(null, merged)).toContain(
      'From the damaged file it brought back 2 posts and 3 changes waiting to go.',
    );
    expect(report(null, { ...merged, ops: 0, variants: 1 })).toContain(
      'From the damaged file it brought back 2 posts and 1 text.',
    );
    expect(report(null, { ...merged, posts: 0, ops: 0 }).join(' ')).not.toMatch(/brought back/);
  });

  it('an import says what it added, nothing of what it did not', () => {
    expect(importText({ posts: 1, variants: 2, textVersions: 0, ops: 0, slots: 0, skipped: 0 })).toBe(
      'Brought back 1 post and 2 texts.',
    );
    expect(importText({ posts: 0, variants: 0, textVersions: 3, ops: 1, slots: 2, skipped: 1 })).toBe(
      'Brought back 3 kept versions, 1 change waiting to go and 2 posting times; 1 row already here or without their item were left out.',
    );
  });
});

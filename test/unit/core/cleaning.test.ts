// What leaves the core, cleaned of secrets (src-main/core/app/cleaning.ts): every event but those
// made of nothing but the core's own ids, and the answers that may quote the service, all of
// them or the part their command declares (a list's refresh: its summaries, not its order).
import { describe, expect, it } from 'vitest';
import type { BridgeEvent, PostRefresh, PostSummary } from '@preload/bridge';
import { Redactor } from '../../../src-main/core/app/connection/file-logger';
import { cleanAnswer, cleanEvent } from '../../../src-main/core/app/cleaning';
import { findCommands } from '../../../src-main/core/app/find/commands';
import { newLocalId } from '../../../src-main/core/store/ids';
import { postSummary } from '../../support/post-summary';

const TOKEN = 'acme_pat_Zq8vL2mN4pR6tX0yB3cD5fG7hJ9k';
const redactor = new Redactor();
redactor.add(TOKEN);

describe('cleanEvent', () => {
  it('passes an event of local ids as it is, untouched', () => {
    const event: BridgeEvent = { name: 'itemChanged', data: { postId: newLocalId(), variantId: null } };
    expect(cleanEvent(event, redactor.cleaner)).toBe(event);
    const saved: BridgeEvent = {
      name: 'versionSaved',
      data: { postId: newLocalId(), variantId: newLocalId() },
    };
    expect(cleanEvent(saved, redactor.cleaner)).toBe(saved);
  });

  it('cleans an id event whose ids are not the core’s own, and every other event', () => {
    const odd: BridgeEvent = { name: 'itemChanged', data: { postId: `post ${TOKEN}`, variantId: null } };
    expect(cleanEvent(odd, redactor.cleaner)).toEqual({
      name: 'itemChanged',
      data: { postId: 'post [redacted]', variantId: null },
    });
    const notice: BridgeEvent = {
      name: 'notification',
      data: {
        kind: 'needs_user',
        title: 'The service said',
        body: `token ${TOKEN} is not valid`,
        url: null,
        postId: newLocalId(),
        variantId: null,
      },
    };
    const cleaned = cleanEvent(notice, redactor.cleaner);
    expect(cleaned).not.toBe(notice);
    expect(JSON.stringify(cleaned)).not.toContain(TOKEN);
    expect(cleaned.name === 'notification' && cleaned.data.body).toBe('token [redacted] is not valid');
  });
});

describe('cleanAnswer', () => {
  const summary = (title: string): PostSummary =>
    postSummary({ id: newLocalId(), serverId: '812', onService: true, title });

  it('cleans a refresh’s summaries and keeps its order’s ids as they are, cleaning any that is not one', () => {
    const order = [newLocalId(), newLocalId(), `post ${TOKEN}`];
    const answer: PostRefresh = {
      order,
      orderKey: 'f00d',
      posts: [summary(`Echoed ${TOKEN}`), summary('Plain')],
    };
    const cleaned = cleanAnswer(findCommands['posts.refresh'], answer, redactor.cleaner);
    expect(cleaned.posts.map((p) => p.title)).toEqual(['Echoed [redacted]', 'Plain']);
    expect(cleaned.order).toEqual([order[0], order[1], 'post [redacted]']);
    expect(cleaned.orderKey).toBe('f00d');
    expect(
      cleanAnswer(findCommands['posts.refresh'], { ...answer, order: null }, redactor.cleaner).order,
    ).toBeNull();
  });

  it('cleans the whole answer of a command that declares no part', () => {
    const listed = cleanAnswer(findCommands['posts.list'], [summary(`Echoed ${TOKEN}`)], redactor.cleaner);
    expect(listed.map((p) => p.title)).toEqual(['Echoed [redacted]']);
  });
});

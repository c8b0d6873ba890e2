// The faults that make a 2xx answer say something other than what happened, set over
// the control surface: an answer about another record, a change answered but not kept, text
// normalised by the service. Over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../server/index';
import { call, createPost, createVariant, useSandbox, variantPath, type Post, type Variant } from './helpers';

const POSTS = '/api/workspaces/:slug/posts/';
const VARIANTS = '/api/workspaces/:slug/posts/:post_id/variants/';
const VARIANT = '/api/workspaces/:slug/posts/:post_id/variants/:variant_id/';
const PUBLISH = `${VARIANT}publish/`;

async function addFault(sb: SandboxHandle, rule: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${sb.baseUrl}/_control/faults/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Control-Key': sb.controlKey },
    body: JSON.stringify(rule),
  });
  return response.status;
}

/** A post with two variants on the caller's default accounts, made without faults. */
async function twoVariants(sb: SandboxHandle, title: string) {
  const post = await createPost(sb, title);
  const first = await createVariant(sb, post.id, { platform: 'x', content: `${title}: first` });
  const second = await createVariant(sb, post.id, { platform: 'linkedin', content: `${title}: second` });
  return { post, first, second };
}

const activityCount = (sb: SandboxHandle, postId: string) =>
  call<unknown[]>(sb, `/api/workspaces/${sb.fixtures.workspace}/posts/${postId}/activity/`).then(
    (r) => r.body.length,
  );

describe('answers about another record (other_record_after_write)', () => {
  const sandbox = useSandbox({ control: true });
  afterEach(() => sandbox().faults.clear());

  it('a PATCH is applied to the variant addressed and answered with another variant of the same post', async () => {
    const sb = sandbox();
    const { post, first, second } = await twoVariants(sb, 'Other record patch');
    expect(await addFault(sb, { kind: 'other_record_after_write', method: 'PATCH', path: VARIANT })).toBe(
      200,
    );
    const answer = await call<Variant>(sb, variantPath(sb, post.id, first.id), {
      method: 'PATCH',
      body: { content: 'changed here' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(second.id);
    expect(answer.body.content).toBe('Other record patch: second');
    const held = sb.inspect.variants(post.id);
    expect(held.find((v) => v.id === first.id)?.content).toBe('changed here');
    expect(held.find((v) => v.id === second.id)?.content).toBe('Other record patch: second');
  });

  it('a publish goes out for the variant addressed and is answered with another variant', async () => {
    const sb = sandbox();
    const { post, first, second } = await twoVariants(sb, 'Other record publish');
    await addFault(sb, { kind: 'other_record_after_write', method: 'POST', path: PUBLISH, times: 1 });
    const answer = await call<Variant>(sb, variantPath(sb, post.id, first.id, 'publish/'), {
      method: 'POST',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(second.id);
    expect(answer.body.platform_post_url).toBeNull();
    expect(sb.inspect.publishCount(first.id)).toBe(1);
    expect(sb.inspect.publishCount(second.id)).toBe(0);
  });

  it('a created post is kept and answered with another post of the workspace', async () => {
    const sb = sandbox();
    await createPost(sb, 'An older post');
    await addFault(sb, { kind: 'other_record_after_write', method: 'POST', path: POSTS, times: 1 });
    const answer = await call<Post>(sb, `/api/workspaces/${sb.fixtures.workspace}/posts/`, {
      body: { title: 'Made under the fault' },
    });
    expect(answer.status).toBe(201);
    const made = sb.inspect.posts(sb.fixtures.workspace).filter((p) => p.title === 'Made under the fault');
    expect(made).toHaveLength(1);
    expect(answer.body.id).not.toBe(made[0]?.id);
    expect(answer.body.title).not.toBe('Made under the fault');
  });

  it('a created variant is kept and answered with another variant of its post', async () => {
    const sb = sandbox();
    const { post } = await twoVariants(sb, 'Other record create');
    await addFault(sb, { kind: 'other_record_after_write', method: 'POST', path: VARIANTS, times: 1 });
    const answer = await call<Variant>(
      sb,
      `/api/workspaces/${sb.fixtures.workspace}/posts/${post.id}/variants/`,
      {
        body: { platform: 'bluesky', content: 'made under the fault' },
      },
    );
    expect(answer.status).toBe(201);
    const made = sb.inspect.variants(post.id).filter((v) => v.content === 'made under the fault');
    expect(made).toHaveLength(1);
    expect(answer.body.id).not.toBe(made[0]?.id);
    expect(sb.inspect.variants(post.id).map((v) => v.id)).toContain(answer.body.id);
  });

  it('a refused write is answered as usual', async () => {
    const sb = sandbox();
    const { post, first } = await twoVariants(sb, 'Other record refusal');
    await addFault(sb, { kind: 'other_record_after_write', method: 'PATCH', path: VARIANT });
    const answer = await call(sb, variantPath(sb, post.id, first.id), {
      method: 'PATCH',
      body: { scheduled_at: '2030-02-30T10:00:00Z' },
    });
    expect(answer.status).toBe(400);
  });
});

describe('answers about another record with no other record to give', () => {
  const sandbox = useSandbox({ control: true, seed: 'none' });

  it('the usual answer', async () => {
    const sb = sandbox();
    await addFault(sb, { kind: 'other_record_after_write', method: 'POST', path: POSTS });
    const answer = await call<Post>(sb, `/api/workspaces/${sb.fixtures.workspace}/posts/`, {
      body: { title: 'The only post' },
    });
    expect(answer.body.title).toBe('The only post');
    expect(answer.body.id).toBe(sb.inspect.posts()[0]?.id);
  });
});

describe('a change answered but not kept (not_kept)', () => {
  const sandbox = useSandbox({ control: true });
  afterEach(() => sandbox().faults.clear());

  it("echo 'old' (the default): 200 with the variant as it still is; nothing changed, no activity", async () => {
    const sb = sandbox();
    const { post, first } = await twoVariants(sb, 'Not kept old');
    const before = await activityCount(sb, post.id);
    await addFault(sb, { kind: 'not_kept', method: 'PATCH', path: VARIANT, times: 1 });
    const answer = await call<Variant>(sb, variantPath(sb, post.id, first.id), {
      method: 'PATCH',
      body: { scheduled_at: '2031-03-01T09:00:00+01:00', content: 'new words' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: first.id, scheduled_at: null, content: 'Not kept old: first' });
    expect(sb.inspect.variants(post.id).find((v) => v.id === first.id)).toMatchObject({
      scheduled_at: null,
      content: 'Not kept old: first',
      status: 'draft',
    });
    expect(await activityCount(sb, post.id)).toBe(before);
    expect(sb.inspect.patchCount(first.id)).toBe(1);
  });

  it("echo 'sent': 200 with the values sent, as if kept; nothing changed, no activity", async () => {
    const sb = sandbox();
    const { post, first } = await twoVariants(sb, 'Not kept sent');
    const before = await activityCount(sb, post.id);
    await addFault(sb, { kind: 'not_kept', echo: 'sent', method: 'PATCH', path: VARIANT, times: 1 });
    const answer = await call<Variant>(sb, variantPath(sb, post.id, first.id), {
      method: 'PATCH',
      body: { scheduled_at: '2031-03-01T09:00:00+01:00' },
    });
    expect(answer.body).toMatchObject({
      id: first.id,
      scheduled_at: '2031-03-01T08:00:00.000Z',
      status: 'scheduled',
    });
    expect(sb.inspect.variants(post.id).find((v) => v.id === first.id)).toMatchObject({
      scheduled_at: null,
      status: 'draft',
    });
    expect(await activityCount(sb, post.id)).toBe(before);
    // The next PATCH, with no fault left, is kept.
    await call(sb, variantPath(sb, post.id, first.id), {
      method: 'PATCH',
      body: { scheduled_at: '2031-03-01T09:00:00+01:00' },
    });
    expect(sb.inspect.variants(post.id).find((v) => v.id === first.id)?.scheduled_at).toBe(
      '2031-03-01T08:00:00.000Z',
    );
  });

  it('a refusal is still a refusal', async () => {
    const sb = sandbox();
    const post = await createPost(sb, 'Not kept refusal');
    const none = await createVariant(sb, post.id, {
      platform: 'x',
      content: 'no account',
      social_profile_id: null,
    });
    await addFault(sb, { kind: 'not_kept', method: 'PATCH', path: VARIANT });
    const answer = await call(sb, variantPath(sb, post.id, none.id), {
      method: 'PATCH',
      body: { scheduled_at: '2031-03-01T09:00:00Z' },
    });
    expect(answer.status).toBe(400);
  });

  it('on any other route the request is handled as usual', async () => {
    const sb = sandbox();
    await addFault(sb, { kind: 'not_kept', method: 'POST', path: POSTS, times: 1 });
    const answer = await call<Post>(sb, `/api/workspaces/${sb.fixtures.workspace}/posts/`, {
      body: { title: 'Kept all the same' },
    });
    expect(answer.status).toBe(201);
    expect(sb.inspect.posts().filter((p) => p.title === 'Kept all the same')).toHaveLength(1);
  });

  it('the control surface refuses an echo that is not old or sent, or on another kind', async () => {
    const sb = sandbox();
    expect(await addFault(sb, { kind: 'not_kept', echo: 'new' })).toBe(400);
    expect(await addFault(sb, { kind: 'drop_after_write', echo: 'old' })).toBe(400);
  });
});

describe('text normalised by the service (normalize_text)', () => {
  const sandbox = useSandbox({ control: true });
  afterEach(() => sandbox().faults.clear());
  // "Café" with a combining accent (NFD), tabs, a line break and runs of spaces.
  const untidy = '  Cafe\u0301 \t du\n\n monde  ';
  const tidy = 'Caf\u00e9 du monde';

  it('a title is stored and answered in NFC, whitespace collapsed and trimmed', async () => {
    const sb = sandbox();
    await addFault(sb, { kind: 'normalize_text', method: 'POST', path: POSTS, times: 1 });
    const answer = await call<Post>(sb, `/api/workspaces/${sb.fixtures.workspace}/posts/`, {
      body: { title: untidy },
    });
    expect(answer.body.title).toBe(tidy);
    expect(sb.inspect.posts().find((p) => p.id === answer.body.id)?.title).toBe(tidy);
  });

  it('it combines with an outcome: normalised and kept, the answer dropped', async () => {
    const sb = sandbox();
    await addFault(sb, { kind: 'normalize_text', method: 'POST', path: POSTS, times: 1 });
    await addFault(sb, { kind: 'drop_after_write', method: 'POST', path: POSTS, times: 1 });
    await expect(
      call(sb, `/api/workspaces/${sb.fixtures.workspace}/posts/`, { body: { title: `${untidy}dropped` } }),
    ).rejects.toThrow();
    expect(sb.inspect.posts().filter((p) => p.title === `${tidy} dropped`)).toHaveLength(1);
  });

  it("a variant's content is stored and answered so, on create and on PATCH", async () => {
    const sb = sandbox();
    const post = await createPost(sb, 'Normalised content');
    await addFault(sb, { kind: 'normalize_text', path: VARIANTS, method: 'POST', times: 1 });
    await addFault(sb, { kind: 'normalize_text', path: VARIANT, method: 'PATCH', times: 1 });
    const created = await createVariant(sb, post.id, { platform: 'x', content: untidy });
    expect(created.content).toBe(tidy);
    const patched = await call<Variant>(sb, variantPath(sb, post.id, created.id), {
      method: 'PATCH',
      body: { content: `${untidy}again` },
    });
    expect(patched.body.content).toBe(`${tidy} again`);
    expect(sb.inspect.variants(post.id)[0]?.content).toBe(`${tidy} again`);
  });
});

describe('fault counts per kind', () => {
  const sandbox = useSandbox({ control: true });

  it('the control surface says how often each kind fired', async () => {
    const sb = sandbox();
    await addFault(sb, { kind: 'normalize_text', method: 'POST', path: POSTS, times: 2 });
    await addFault(sb, { kind: 'other_record_after_write', method: 'POST', path: POSTS, times: 1 });
    for (const title of ['one', 'two']) await createPost(sb, title);
    const listed = await fetch(`${sb.baseUrl}/_control/faults/`, {
      headers: { 'X-Control-Key': sb.controlKey },
    });
    const body = (await listed.json()) as { injected: number; injected_by_kind: Record<string, number> };
    expect(body.injected).toBe(3);
    expect(body.injected_by_kind).toEqual({ normalize_text: 2, other_record_after_write: 1 });
    expect(sb.faults.injectedByKind()).toEqual(body.injected_by_kind);
  });
});

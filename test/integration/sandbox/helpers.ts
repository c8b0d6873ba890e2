import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../server/index';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw text body; sent as is. */
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
  contentType?: string | null;
}

/** One HTTP call to the sandbox; JSON bodies are parsed, anything else kept as text. */
export async function call<T = unknown>(
  sandbox: SandboxHandle,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const method =
    options.method ?? (options.body !== undefined || options.rawBody !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? sandbox.token : options.token;
  if (token !== null) headers['X-API-Key'] = token;
  const isWrite = method !== 'GET';
  const contentType =
    options.contentType === undefined ? (isWrite ? 'application/json' : null) : options.contentType;
  if (contentType !== null) headers['Content-Type'] = contentType;
  const response = await fetch(sandbox.baseUrl + path, {
    method,
    headers,
    ...(options.rawBody !== undefined
      ? { body: options.rawBody }
      : options.body !== undefined
        ? { body: JSON.stringify(options.body) }
        : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json'))
    body = JSON.parse(text) as unknown;
  return { status: response.status, headers: response.headers, body: body as T };
}

/** Starts a sandbox for the file's tests and closes it afterwards. */
export function useSandbox(options: SandboxOptions = {}): () => SandboxHandle {
  let sandbox: SandboxHandle | null = null;
  beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('sandbox not started');
    return sandbox;
  };
}

export interface Variant {
  id: string;
  platform: string;
  content: string;
  social_profile_id: string | null;
  scheduled_at: string | null;
  status: string;
  platform_post_url: string | null;
}

export interface Post {
  id: string;
  title: string;
}

export interface Envelope<T> {
  results: T[];
  count: number;
  limit: number;
  offset: number;
}

export async function createPost(
  sandbox: SandboxHandle,
  title: string,
  slug = sandbox.fixtures.workspace,
): Promise<Post> {
  const response = await call<Post>(sandbox, `/api/workspaces/${slug}/posts/`, { body: { title } });
  if (response.status !== 201)
    throw new Error(`createPost: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function createVariant(
  sandbox: SandboxHandle,
  postId: string,
  body: Record<string, unknown>,
  slug = sandbox.fixtures.workspace,
): Promise<Variant> {
  const response = await call<Variant>(sandbox, `/api/workspaces/${slug}/posts/${postId}/variants/`, {
    body,
  });
  if (response.status !== 201)
    throw new Error(`createVariant: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export function variantPath(sandbox: SandboxHandle, postId: string, variantId: string, suffix = ''): string {
  return `/api/workspaces/${sandbox.fixtures.workspace}/posts/${postId}/variants/${variantId}/${suffix}`;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './service';

export type ErrorShape = 'detail' | 'nested';

export const MAX_BODY_BYTES = 1024 * 1024;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function errorBody(shape: ErrorShape, code: string, message: string): unknown {
  return shape === 'detail' ? { detail: message } : { error: { code, message } };
}

export function sendError(res: ServerResponse, shape: ErrorShape, error: HttpError): void {
  sendJson(res, error.status, errorBody(shape, error.code, error.message), error.headers);
}

/** Media type `application/json`, parameters (charset) allowed, case-insensitive. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** The raw body, up to MAX_BODY_BYTES (413 beyond that). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(new HttpError(413, 'too_large', `body: larger than ${MAX_BODY_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

/** Parses a JSON body; an empty body is `undefined`, anything unparseable a 400. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid', 'body: not valid JSON');
  }
}

const INTEGER = /^[+-]?\d+$/;

/** A query parameter that must be an integer when present (spec section 7). */
export function integerParam(query: URLSearchParams, name: string): number | null {
  const raw = query.get(name);
  if (raw === null) return null;
  if (!INTEGER.test(raw.trim()))
    throw new HttpError(400, 'invalid', `${name}: must be an integer, got '${raw}'`);
  return Number(raw.trim());
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

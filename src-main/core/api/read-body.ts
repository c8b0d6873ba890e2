// Reading an answer's body whole (so the socket goes back to the pool), never more than a cap:
// a service or a proxy in the way can send anything, and an answer is held in memory.
import { ServiceError } from './errors';
import { classifyTransportError } from './transport-errors';

/** The ServiceError code of an answer over the size limit: the status bar says it, not only the log. */
export const TOO_LARGE = 'TOO_LARGE';

function tooBig(status: number, maxBodyBytes: number): ServiceError {
  return new ServiceError(
    'malformed_response',
    `The service's answer is larger than ${Math.round(maxBodyBytes / (1024 * 1024))} MB; it was not read.`,
    { status, mayHaveReachedService: true, code: TOO_LARGE },
  );
}

/** The body as text, at most `maxBodyBytes`; a broken stream is a transport failure after the headers. */
export async function readCappedBody(
  response: Response,
  maxBodyBytes: number,
  timeoutMs: number,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooBig(response.status, maxBodyBytes);
  }
  if (response.body === null) return '';
  if (Number.isFinite(declared) && response.headers.has('content-length')) {
    // The length is known and within bounds, and fetch refuses a body longer than declared:
    // read it in one go.
    try {
      return await response.text();
    } catch (error) {
      throw classifyTransportError(error, timeoutMs, true);
    }
  }
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBodyBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooBig(response.status, maxBodyBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw classifyTransportError(error, timeoutMs, true);
  } finally {
    reader.releaseLock();
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

// Local ids: UUIDs, made here so a draft has its id before the service knows it. Version 7
// (RFC 9562): the first 48 bits are the time in milliseconds, so rows made one after another get
// neighbouring keys, and inserting a thousand of them touches a few pages of the primary-key
// index instead of a thousand scattered ones: a pull's inserts and commits cost less than half
// of what random (version 4) ids cost. Built on randomUUID, whose random bits and variant are
// kept: the `uuid` package's v7 took four times as long per id, which a pull of 30,000 rows noticed.
import { randomUUID } from 'node:crypto';

export function newLocalId(): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx
  const ms = Date.now().toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(15)}`;
}

const LOCAL_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `text` has the shape of an id made here (or by an older version: v4): a UUID in hex. */
export function isLocalIdShape(text: string): boolean {
  return LOCAL_ID_SHAPE.test(text);
}

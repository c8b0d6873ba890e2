// The browser host's event streams (src-main/browser-host/event-streams.ts): the core's events
// go out as one server-sent message per turn, a JSON list, and before a command's answer when
// the route flushes them. The stream is a stand-in for the ServerResponse; the HTTP side is in
// test/integration/shell/browser-host.test.ts.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '@preload/bridge';
import { EventStreams } from '../../../src-main/browser-host/event-streams';
import { createFakeCore } from './fake-core';

class FakeResponse extends EventEmitter {
  written: string[] = [];
  writableEnded = false;
  destroyed = false;
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
  end(): void {
    this.writableEnded = true;
  }
}

const changed = (postId: string): BridgeEvent => ({ name: 'itemChanged', data: { postId, variantId: null } });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
/** The events each `data:` message carried, in order. */
const messages = (res: FakeResponse): unknown[] =>
  res.written
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)) as unknown);

function openStream() {
  const core = createFakeCore();
  const streams = new EventStreams(core);
  const res = new FakeResponse();
  streams.add(res as unknown as ServerResponse);
  return { core, streams, res };
}

describe('the browser host’s event streams', () => {
  it('send the events of one turn as one message, in order, and the next turn’s as another', async () => {
    const { core, res } = openStream();
    expect(res.written).toEqual([': connected\n\n']);
    core.emit(changed('p1'));
    core.emit(changed('p2'));
    core.emit(changed('p3'));
    expect(messages(res)).toEqual([]);
    await nextTurn();
    core.emit(changed('p4'));
    await nextTurn();
    expect(messages(res)).toEqual([[changed('p1'), changed('p2'), changed('p3')], [changed('p4')]]);
    expect(res.written.slice(1).every((chunk) => chunk.endsWith('\n\n'))).toBe(true);
  });

  it('write what is queued at once when flushed (before a command’s answer), and nothing twice', async () => {
    const { core, streams, res } = openStream();
    core.emit(changed('p1'));
    streams.flush();
    expect(messages(res)).toEqual([[changed('p1')]]);
    await nextTurn();
    expect(messages(res)).toEqual([[changed('p1')]]);
  });

  it('send what is queued before the streams end, and write nothing to an ended or closed one', async () => {
    const { core, streams, res } = openStream();
    core.emit(changed('p1'));
    streams.endAll();
    expect(messages(res)).toEqual([[changed('p1')]]);
    expect(res.writableEnded).toBe(true);
    core.emit(changed('p2'));
    await nextTurn();
    expect(messages(res)).toEqual([[changed('p1')]]);
    res.emit('close');
    expect(core.listenerCount).toBe(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { IpcMain, WebContents } from 'electron';
import { COMMAND_NAMES, IPC_DROP_ON_LEAVE_CHANNEL, IPC_EVENTS_CHANNEL, ipcChannel } from '@preload/bridge';
import { bindIpc, coreOnceOpen } from '../../../src-main/desktop-app/ipc';
import { createFakeCore } from './fake-core';
import { FakeWebContents, FakeWebFrame } from './fake-electron';

const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function setup() {
  const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
  const listeners = new Map<string, Array<(event: unknown, payload: unknown) => void>>();
  const ipcMain = {
    handle: (channel: string, handler: (event: unknown, payload: unknown) => Promise<unknown>) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
    removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((l) => l !== listener),
      ),
  };
  const core = createFakeCore();
  const contents = new FakeWebContents();
  contents.mainFrame.url = 'app://outpost/index.html';
  let current: FakeWebContents | null = contents;
  const bindings = bindIpc({
    ipcMain: ipcMain as unknown as IpcMain,
    core,
    getWebContents: () => current as unknown as WebContents | null,
    logger,
  });
  const call = (
    command: string,
    payload: unknown,
    event: unknown = { sender: contents, senderFrame: contents.mainFrame },
  ) => {
    const handler = handlers.get(ipcChannel(command as never));
    if (!handler) throw new Error(`no handler for ${command}`);
    return handler(event, payload);
  };
  /** A one-way message from the window, as ipcRenderer.send delivers it. */
  const message = (
    channel: string,
    payload: unknown,
    event: unknown = { sender: contents, senderFrame: contents.mainFrame },
  ) => {
    for (const listener of listeners.get(channel) ?? []) listener(event, payload);
  };
  return {
    handlers,
    listeners,
    core,
    contents,
    bindings,
    call,
    message,
    setCurrent: (c: FakeWebContents | null) => (current = c),
  };
}

describe('IPC binding', () => {
  it('binds every contract command to its own channel, and nothing else', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual(COMMAND_NAMES.map((c) => ipcChannel(c)).sort());
    expect(new Set(handlers.keys()).size).toBe(COMMAND_NAMES.length);
  });

  it('hands each command and its payload to the core', async () => {
    const { call, core } = setup();
    for (const command of COMMAND_NAMES) {
      const payload = { probe: command };
      const answer = await core.invoke(command, payload);
      core.calls.pop();
      expect(await call(command, payload)).toEqual(answer);
      expect(core.calls.at(-1)).toEqual({ command, payload });
    }
    expect(core.calls.map((c) => c.command)).toEqual([...COMMAND_NAMES]);
  });

  it.each([
    ['a Date', { at: new Date() }],
    ['a Map', new Map([['a', 1]])],
    ['a typed array', { bytes: new Uint8Array(2) }],
    ['NaN', { n: Number.NaN }],
    ['a class instance', new (class Thing {})()],
  ])('rejects a payload holding %s as invalid_payload without reaching the core', async (_label, payload) => {
    const { call, core } = setup();
    const result = await call('posts.create', payload);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(core.calls).toHaveLength(0);
  });

  it('passes the core’s own validation answer through unchanged', async () => {
    const { call } = setup();
    expect(await call('settings.update', 'not an object')).toEqual({
      ok: false,
      error: { code: 'invalid_payload', message: 'payload: expected an object' },
    });
  });

  it('refuses senders other than our window’s main frame on app://outpost', async () => {
    const { call, contents, core, setCurrent } = setup();
    const other = new FakeWebContents();
    other.mainFrame.url = 'app://outpost/index.html';
    const cases = [
      { sender: contents, senderFrame: new FakeWebFrame('app://outpost/index.html', contents.mainFrame) }, // an iframe
      { sender: contents, senderFrame: new FakeWebFrame('app://outpost/index.html') }, // another top frame
      { sender: other, senderFrame: other.mainFrame }, // another web contents
      { sender: contents, senderFrame: null }, // a frame that navigated away or was destroyed
    ];
    for (const event of cases)
      await expect(call('settings.get', undefined, event)).rejects.toThrow(/Refused/);
    contents.mainFrame.url = 'https://evil.example/';
    await expect(call('settings.get', undefined)).rejects.toThrow(/Refused/);
    contents.mainFrame.url = 'app://outpost/index.html';
    setCurrent(null);
    await expect(call('settings.get', undefined)).rejects.toThrow(/Refused/);
    expect(core.calls).toHaveLength(0);
    setCurrent(contents);
    await expect(call('settings.get', undefined)).resolves.toMatchObject({ ok: true });
  });

  it('turns a throwing core into an internal error envelope', async () => {
    const { call, core } = setup();
    core.invoke = () => Promise.reject(new Error('boom with secret details'));
    const result = await call('posts.list', { workspace: null });
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Outpost hit an internal error.' },
    });
  });

  it('sends the events a command emitted before its answer, as the core emitted them', async () => {
    const { call, core, contents } = setup();
    const invoke = core.invoke.bind(core);
    core.invoke = async (command, payload) => {
      core.emit({ name: 'itemChanged', data: { postId: 'p1', variantId: null } });
      return invoke(command, payload);
    };
    const answer = await call('posts.list', { workspace: null });
    // Sent by the time the answer is handed back, not a turn later.
    expect(contents.sent).toEqual([
      {
        channel: IPC_EVENTS_CHANNEL,
        args: [[{ name: 'itemChanged', data: { postId: 'p1', variantId: null } }]],
      },
    ]);
    expect(answer).toMatchObject({ ok: true });
  });

  it('forwards core events to the window on the events channel, a list per turn, and stops after dispose', async () => {
    const { core, contents, bindings, handlers } = setup();
    const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    const changed = (postId: string) => ({ name: 'itemChanged' as const, data: { postId, variantId: null } });
    core.emit(changed('p1'));
    bindings.send({ name: 'menuCommand', data: { command: 'new-post' } });
    core.emit(changed('p2'));
    expect(contents.sent).toEqual([]);
    await turn();
    // One message for the turn's events, in the order they came, the shell's own among them.
    expect(contents.sent).toEqual([
      {
        channel: IPC_EVENTS_CHANNEL,
        args: [[changed('p1'), { name: 'menuCommand', data: { command: 'new-post' } }, changed('p2')]],
      },
    ]);
    core.emit(changed('p3'));
    await turn();
    expect(contents.sent).toHaveLength(2);
    // A window that went away gets nothing.
    contents.destroyed = true;
    core.emit(changed('p4'));
    await turn();
    expect(contents.sent).toHaveLength(2);
    // Nor does one after dispose, even for events queued before it.
    contents.destroyed = false;
    core.emit(changed('p5'));
    bindings.dispose();
    await turn();
    expect(contents.sent).toHaveLength(2);
    expect(handlers.size).toBe(0);
    expect(core.listenerCount).toBe(0);
  });
});

describe('the closing window’s drop of an empty new post', () => {
  it('goes to the core as posts.dropIfUntouched, from our window only, as plain data, until dispose', () => {
    const { message, core, contents, bindings, listeners } = setup();
    message(IPC_DROP_ON_LEAVE_CHANNEL, { id: 'p9' });
    expect(core.calls).toEqual([{ command: 'posts.dropIfUntouched', payload: { id: 'p9' } }]);
    // Another frame, a page that is not ours, a payload that is not plain data: nothing.
    message(IPC_DROP_ON_LEAVE_CHANNEL, { id: 'p8' }, { sender: contents, senderFrame: new FakeWebFrame('') });
    contents.mainFrame.url = 'https://evil.example/';
    message(IPC_DROP_ON_LEAVE_CHANNEL, { id: 'p8' });
    contents.mainFrame.url = 'app://outpost/index.html';
    message(IPC_DROP_ON_LEAVE_CHANNEL, { id: new Date() });
    expect(core.calls).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledWith('ipc: refused a message from an unexpected sender', {
      channel: IPC_DROP_ON_LEAVE_CHANNEL,
    });
    bindings.dispose();
    expect(listeners.get(IPC_DROP_ON_LEAVE_CHANNEL)).toEqual([]);
  });

  it('is not waited for: a core that refuses or throws is only logged, a post gone already not even that', async () => {
    const { message, core } = setup();
    logger.warn.mockClear();
    // Gone already (dropped as the window left it, say): nothing to say.
    core.invoke = () => Promise.resolve({ ok: false, error: { code: 'not_found', message: 'No post.' } });
    message(IPC_DROP_ON_LEAVE_CHANNEL, { id: 'p9' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(logger.warn).not.toHaveBeenCalled();
    core.invoke = () => Promise.resolve({ ok: false, error: { code: 'internal', message: 'disk full' } });
    message(IPC_DROP_ON_LEAVE_CHANNEL, { id: 'p9' });
    await vi.waitFor(() =>
      expect(logger.warn).toHaveBeenCalledWith('ipc: an empty new post was not dropped', {
        code: 'internal',
      }),
    );
    core.invoke = () => Promise.reject(new Error('boom'));
    message(IPC_DROP_ON_LEAVE_CHANNEL, { id: 'p9' });
    await vi.waitFor(() =>
      expect(logger.error).toHaveBeenCalledWith('ipc: core.invoke threw', {
        command: 'posts.dropIfUntouched',
        error: 'Error: boom',
      }),
    );
  });
});

describe('coreOnceOpen', () => {
  it('a listener dropped before the core opens never hears it; one kept hears its events', async () => {
    const core = createFakeCore();
    let open!: () => void;
    const waiting = coreOnceOpen(new Promise((resolve) => (open = () => resolve(core))));
    const dropped = vi.fn();
    const kept = vi.fn();
    waiting.subscribe(dropped)();
    const unsubscribe = waiting.subscribe(kept);
    open();
    await Promise.resolve();
    core.emit({ name: 'settingsChanged', data: core.settings });
    expect(dropped).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledWith({ name: 'settingsChanged', data: core.settings });
    unsubscribe();
    core.emit({ name: 'settingsChanged', data: core.settings });
    expect(kept).toHaveBeenCalledTimes(1);
  });
});

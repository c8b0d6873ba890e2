// A stand-in for the core's thread that answers in shapes the host must refuse: it opens like a
// core, then answers every command with a result that is not an envelope and sends events among
// which one nobody knows, so the host's checks at the port can be seen to hold.
import { parentPort } from 'node:worker_threads';

const status = { phase: 'not_connected', online: true, pending: 0 };
parentPort.postMessage({ kind: 'ready', status });
parentPort.on('message', (message) => {
  if (message.kind === 'invoke') {
    const known = { name: 'syncStatus', data: status };
    parentPort.postMessage({ kind: 'events', events: [known, { name: 'notAnEvent', data: {} }] });
    parentPort.postMessage({ kind: 'answer', id: message.id, result: { ok: 'yes', value: 1 } });
  }
  if (message.kind === 'close') {
    parentPort.postMessage({ kind: 'closed' });
    parentPort.close();
  }
});

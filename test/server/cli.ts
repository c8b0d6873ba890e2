// `npm run sandbox -- [--port N] [--data FILE] [--control] [--control-key KEY]`: the sandbox with
// demo data, for trying Outpost by hand. Prints exactly one line on stdout, which a person can
// paste into Outpost and a script can parse; notes go to stderr.
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxHandle } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string' },
    control: { type: 'boolean', default: false },
    'control-key': { type: 'string' },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`sandbox: --port must be an integer 0-65535, got '${values.port}'\n`);
  process.exit(2);
}

const controlKey = values['control-key'] ?? process.env.SANDBOX_CONTROL_KEY;
let handle: SandboxHandle;
try {
  handle = await startSandbox({
    port,
    seed: 'demo',
    control: values.control,
    ...(values.data ? { dataFile: values.data } : {}),
    ...(controlKey ? { controlKey } : {}),
  });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`sandbox: could not start: ${message}\n`);
  process.exit(1);
}

process.stdout.write(`SANDBOX base_url=${handle.baseUrl} token=${handle.token}\n`);
if (values.control) {
  process.stderr.write(
    `sandbox: control surface at ${handle.baseUrl}/_control/ (X-Control-Key: ${handle.controlKey})\n`,
  );
}

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  handle
    .close()
    .then(() => {
      process.stderr.write(`sandbox: stopped (${signal})\n`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      process.stderr.write(`sandbox: error while stopping: ${String(error)}\n`);
      process.exit(1);
    });
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

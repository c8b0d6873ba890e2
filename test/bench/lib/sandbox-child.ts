// The sandbox in its own process, so the service and the client under test do not share one
// event loop (on 2 cores that would halve both and measure neither). Talks to the parent over
// the fork IPC channel: it answers 'stats', 'reset' and 'close'.
import { startSandbox } from '../../server/index';

interface Request {
  id: number;
  type: 'stats' | 'reset' | 'close';
}

const dataFile = process.env.BENCH_SANDBOX_DATA;
const handle = await startSandbox({ ...(dataFile ? { dataFile } : {}), seed: 'test' });

process.on('message', (message: Request) => {
  const reply = (body: Record<string, unknown>): void => {
    process.send?.({ id: message.id, ...body });
  };
  if (message.type === 'stats') {
    const cpu = process.cpuUsage();
    // The service's own CPU time, so a run can say how much of the machine both sides used.
    reply({
      requests: handle.stats.requests,
      byRoute: handle.stats.byRoute(),
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  } else if (message.type === 'reset') {
    handle.stats.reset();
    reply({});
  } else {
    void handle.close().then(() => {
      reply({});
      process.disconnect();
    });
  }
});

process.send?.({ id: 0, baseUrl: handle.baseUrl, token: handle.token });

// The static security scan (npm run security): it must flag each weakness it claims to check,
// pass a locked-down app, and find nothing of high severity in Outpost itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..', '..');
const script = join(repo, 'scripts', 'security-scan.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Finding {
  severity: 'high' | 'medium';
  check: string;
  file: string;
  line: number;
  message: string;
}
// A plain .mjs script without types: loaded by address, typed here.
const { scanProject } = (await import(pathToFileURL(script).href)) as {
  scanProject: (root: string) => { findings: Finding[]; scanned: number };
};

function scan(root: string) {
  const { findings } = scanProject(root);
  return { findings, status: findings.some((f) => f.severity === 'high') ? 1 : 0 };
}

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'outpost-scan-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const goodCsp = "default-src 'self'; script-src 'self'; object-src 'none'";
const good = {
  'src-main/main.ts': `
    import { BrowserWindow, session, shell } from 'electron';
    const openExternal = (url: string) => shell.openExternal(url);
    export function open(url: string) { if (isSafeExternalUrl(url)) void openExternal(url); }
    const win = new BrowserWindow({ webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false } });
    win.webContents.on('will-navigate', (e) => e.preventDefault());
    win.webContents.on('will-attach-webview', (e) => e.preventDefault());
    win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    session.defaultSession.setPermissionRequestHandler((_w, _p, cb) => cb(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
  `,
  'src-main/shared/csp.ts': `export const RENDERER_CSP = [${goodCsp
    .split('; ')
    .map((d) => JSON.stringify(d))
    .join(', ')}].join('; ');`,
  'src-preload/index.ts': `
    import { contextBridge, ipcRenderer } from 'electron';
    const bridge = { invoke: (c: string, p: unknown) => ipcRenderer.invoke(c, p) };
    contextBridge.exposeInMainWorld('outpost', bridge);
  `,
  'src-renderer/index.html': `<meta http-equiv="Content-Security-Policy" content="${goodCsp}" />`,
  'src-renderer/src/main.ts': `document.title = 'ok';`,
};

describe('security scan', () => {
  it('passes a locked-down app', () => {
    const { status, findings } = scan(project(good));
    expect(findings).toEqual([]);
    expect(status).toBe(0);
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'nodeIntegration on',
      {
        'src-main/w.ts': `new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: true, sandbox: true } })`,
      },
      'nodeIntegration',
    ],
    [
      'contextIsolation off',
      {
        'src-main/w.ts': `new BrowserWindow({ webPreferences: { contextIsolation: false, sandbox: true, nodeIntegration: false } })`,
      },
      'contextIsolation',
    ],
    [
      'sandbox missing',
      {
        'src-main/w.ts': `new BrowserWindow({ webPreferences: { contextIsolation: true, nodeIntegration: false } })`,
      },
      'webPreferences.sandbox',
    ],
    ['webSecurity off', { 'src-main/w.ts': `const webPreferences = { webSecurity: false };` }, 'webSecurity'],
    [
      'insecure content',
      { 'src-main/w.ts': `const o = { allowRunningInsecureContent: true };` },
      'allowRunningInsecureContent',
    ],
    [
      'experimental features',
      { 'src-main/w.ts': `const o = { experimentalFeatures: true };` },
      'experimentalFeatures',
    ],
    [
      'unguarded openExternal',
      {
        'src-main/links.ts': `import { shell } from 'electron'; export const go = (u: string) => shell.openExternal(u);`,
      },
      'open-external',
    ],
    [
      'remote module',
      { 'src-main/r.ts': `import { initialize } from '@electron/remote/main';` },
      'remote-module',
    ],
    [
      'ipcRenderer exposed',
      {
        'src-preload/index.ts': `import { contextBridge, ipcRenderer } from 'electron'; contextBridge.exposeInMainWorld('api', ipcRenderer);`,
      },
      'expose-ipc-renderer',
    ],
    [
      'ipcRenderer method exposed',
      {
        'src-preload/index.ts': `import { contextBridge, ipcRenderer } from 'electron'; contextBridge.exposeInMainWorld('api', { send: ipcRenderer.send });`,
      },
      'expose-ipc-renderer',
    ],
    [
      'unsafe-eval in the CSP',
      {
        'src-renderer/index.html': `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-eval'" />`,
      },
      'csp',
    ],
    ['no CSP', { 'src-renderer/index.html': `<title>x</title>` }, 'csp'],
    [
      'no permission handler',
      { 'src-main/main.ts': good['src-main/main.ts'].replace('setPermissionRequestHandler', 'toString') },
      'permission-handler',
    ],
    [
      'navigation not limited',
      { 'src-main/main.ts': good['src-main/main.ts'].replace("'will-navigate'", "'did-finish-load'") },
      'navigation',
    ],
    [
      'window.open not limited',
      { 'src-main/main.ts': good['src-main/main.ts'].replace('setWindowOpenHandler', 'toString') },
      'new-window',
    ],
    [
      'a dangerous switch',
      { 'src-main/s.ts': `app.commandLine.appendSwitch('ignore-certificate-errors');` },
      'command-line-switch',
    ],
    ['eval in the renderer', { 'src-renderer/src/x.ts': `eval('1');` }, 'eval'],
    [
      'the status line in a message',
      {
        'src-main/core/api/c.ts':
          'export const e = (r: Response) => new Error(`failed (${r.status} ${r.statusText})`);',
      },
      'unredacted-service-text',
    ],
    [
      'the status line carried under another name',
      {
        'src-main/core/api/c.ts': `export const e = (r: Response) => ({ status: r.status, reason: r.statusText });`,
      },
      'unredacted-service-text',
    ],
    [
      'a response header in a message',
      {
        'src-main/core/api/c.ts': `export const e = (response: Response) => 'moved to ' + (response.headers.get('location') ?? '?');`,
      },
      'unredacted-service-text',
    ],
    [
      'the status line kept in a variable',
      {
        'src-main/core/api/c.ts': `export const e = (r: Response) => { const line = r.statusText; return line; };`,
      },
      'unredacted-service-text',
    ],
    [
      'an href straight from the service in a component',
      {
        'src-renderer/src/A.svelte': `<script lang="ts">let { url } = $props();</script>\n<a href={url}>View</a>`,
      },
      'unchecked-link',
    ],
    [
      'an href shorthand not derived from the check',
      {
        'src-renderer/src/A.svelte': `<script lang="ts">let { href } = $props();</script>\n<a {href}>View</a>`,
      },
      'unchecked-link',
    ],
    [
      'an href assigned in renderer code',
      {
        'src-renderer/src/x.ts': `export function link(a: HTMLAnchorElement, url: string) { a.href = url; }`,
      },
      'unchecked-link',
    ],
    [
      'openExternal behind a weak check',
      {
        'src-main/links.ts': `import { shell } from 'electron'; export const go = (u: string) => { if (u.startsWith('http')) void shell.openExternal(u); };`,
      },
      'open-external',
    ],
    [
      'a browser host cookie holding the token (as an older host set it)',
      {
        'src-main/host.ts': `export function trade(res: ServerResponse, port: number, token: string) {
          res.writeHead(303, { Location: '/', 'Set-Cookie': \`outpost_host_\${port}=\${token}; HttpOnly; SameSite=Strict; Path=/\` });
        }`,
      },
      'cookie-credential',
    ],
    [
      'a session cookie set with setHeader',
      {
        'src-main/host.ts': `export const keep = (res: ServerResponse, session: string) => res.setHeader('set-cookie', 'sid=' + session);`,
      },
      'cookie-credential',
    ],
    [
      'a page writing its ticket into a cookie',
      {
        'src-renderer/src/keep.ts': `export function keep(ticket: string) { document.cookie = \`events=\${ticket}; path=/\`; }`,
      },
      'cookie-credential',
    ],
    [
      'service text printed by the CLI without the printer',
      {
        'src-main/cli-extra.ts': `export const show = (io: CliIo, post: { title: string }) => { io.stdout(\`\${post.title}\\n\`); console.log(post.title); process.stderr.write(post.title); };`,
      },
      'unsanitised-cli-output',
    ],
    [
      'service text printed by a command in the CLI table without the printer',
      {
        'src-main/cli/commands/extra.ts': `export const run = (ctx: { io: CliIo }, post: { title: string }) => { ctx.io.stdout(post.title); console.log(post.title); };`,
      },
      'unsanitised-cli-output',
    ],
  ])('flags %s as high severity', (_label, change, check) => {
    const { status, findings } = scan(project({ ...good, ...change }));
    expect(findings.filter((f) => f.severity === 'high').map((f) => f.check)).toContain(check);
    expect(status).toBe(1);
  });

  it('passes service text that is scrubbed or only compared, and links built with the check', () => {
    const { findings } = scan(
      project({
        ...good,
        'src-main/core/api/c.ts': `
          export const a = (r: Response, clean: (t: string) => string) => \`\${r.status} \${clean(r.statusText)}\`;
          export const b = (r: Response) => scrubSecrets(r.headers.get('location') ?? '', []);
          export const c = (r: Response) => Number(r.headers.get('content-length'));
          export const d = (r: Response) => (r.statusText === 'OK' ? 1 : 0);
          export const e = (r: Response) => ({ status: r.status, statusText: r.statusText });
        `,
        'src-main/open.ts': `export function open(u: string) { const safe = safeLinkUrl(u); if (safe) void openExternal(safe); }`,
        'src-main/prefs.ts': `
          export const a = (res: ServerResponse) => res.setHeader('Set-Cookie', 'theme=dark; Path=/');
          export const b = (res: ServerResponse, lang: string) => res.writeHead(200, { 'Set-Cookie': \`lang=\${lang}\` });
        `,
        'src-renderer/src/L.svelte': `<script lang="ts">let { url } = $props(); const href = $derived(safeLinkUrl(url));</script>\n{#if href}<a {href}>x</a><a href={safeLinkUrl(url)}>y</a>{/if}<a href="https://example.com">z</a>`,
        'src-renderer/src/save.ts': `export function save(a: HTMLAnchorElement, text: string) { a.href = URL.createObjectURL(new Blob([text])); }`,
        'src-main/cli-extra.ts': `
          export const show = (io: CliIo, title: string) => { io.stdout(terminalText(title)); io.stderr(terminalJson({ title })); process.stdout.write(''); };
          export const real = { stdout: (text: string) => process.stdout.write(text) };
        `,
      }),
    );
    expect(findings).toEqual([]);
  });

  it("checks the CLI's own printing: its commands print through the printer, and a raw write there is flagged", () => {
    const cli = readFileSync(join(repo, 'src-main', 'cli', 'run.ts'), 'utf8');
    expect(cli).toContain('print.out(');
    const raw = project({ ...good, 'src-main/cli/run.ts': cli.replaceAll('print.out(', 'io.stdout(') });
    const flagged = scan(raw).findings.filter((f) => f.check === 'unsanitised-cli-output');
    expect(flagged.length).toBeGreaterThan(0);
    expect(scan(project({ ...good, 'src-main/cli/run.ts': cli })).findings).toEqual([]);
  });

  it('finds nothing of high severity in Outpost, no cookie carrying a credential among it', () => {
    // One scan of the whole repository (the built output too, when there is one).
    const { findings } = scanProject(repo);
    expect(findings.filter((f) => f.check === 'cookie-credential')).toEqual([]);
    expect(findings.filter((f) => f.severity === 'high')).toEqual([]);
  }, 30_000);

  it('exits non-zero from the command line on a high finding, zero otherwise', () => {
    const bad = project({ ...good, 'src-main/w.ts': `const o = { webSecurity: false };` });
    const failed = spawnSync(process.execPath, [script, '--root', bad], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/HIGH\s+webSecurity/);
    const passed = spawnSync(process.execPath, [script, '--root', project(good)], { encoding: 'utf8' });
    expect(passed.stdout).toMatch(/0 high/);
    expect(passed.status).toBe(0);
  }, 60_000);
});

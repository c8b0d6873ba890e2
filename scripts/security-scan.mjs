// `npm run security`: a static security scan of the Electron main, preload and renderer, in
// the spirit of Doyensec's electronegativity (its checks, re-done here because its release
// parses only TypeScript 4.2 syntax and looks Electron releases up online). It reads the
// sources with the TypeScript compiler's parser, and the built output in out/ when present.
// Exit code 1 when any finding is high severity.
//
//   node scripts/security-scan.mjs [--root DIR] [--json]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const HIGH = 'high';
const MEDIUM = 'medium';

function listFiles(dir, test) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full, test));
    else if (test(full)) out.push(full);
  }
  return out;
}

const isCode = (f) => /\.(ts|mts|cts|js|mjs|cjs)$/.test(f) && !f.endsWith('.d.ts');

function parse(file, text) {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

function propName(p) {
  if (!p.name) return null;
  if (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) return p.name.text;
  return null;
}

function literalValue(expr) {
  if (!expr) return undefined;
  if (expr.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (expr.kind === ts.SyntaxKind.FalseKeyword) return false;
  // Minified output: !0 is true, !1 is false.
  if (
    ts.isPrefixUnaryExpression(expr) &&
    expr.operator === ts.SyntaxKind.ExclamationToken &&
    ts.isNumericLiteral(expr.operand)
  ) {
    return expr.operand.text === '0';
  }
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
  return undefined;
}

/** webPreferences that must hold these values, and how bad the opposite is. */
const REQUIRED_PREFS = {
  contextIsolation: {
    value: true,
    severity: HIGH,
    why: 'isolates the preload and Electron internals from the page',
  },
  sandbox: { value: true, severity: HIGH, why: 'runs the renderer in the OS sandbox' },
  nodeIntegration: { value: false, severity: HIGH, why: 'keeps Node out of the page' },
};
const FORBIDDEN_PREFS = {
  nodeIntegration: [true, HIGH],
  nodeIntegrationInWorker: [true, HIGH],
  nodeIntegrationInSubFrames: [true, HIGH],
  contextIsolation: [false, HIGH],
  sandbox: [false, HIGH],
  webSecurity: [false, HIGH],
  allowRunningInsecureContent: [true, HIGH],
  experimentalFeatures: [true, HIGH],
  enableRemoteModule: [true, HIGH],
  webviewTag: [true, HIGH],
  enableBlinkFeatures: ['*', MEDIUM],
};

/** Calls that make service text safe to quote: scrubbers, or converters to a number. */
const SERVICE_TEXT_SAFE_CALLS =
  /^(#clean|#cleanJson|clean|scrub|scrubSecrets|redact\w*|cleaner|parseRetryAfter|Number|parseInt|parseFloat)$/;

/** Names that say a value opens something: a cookie built from one carries a credential. */
const CREDENTIAL_NAME = /token|session|secret|credential|ticket|passw/i;

/**
 * The CLI's writes to the terminal: service text printed there must pass the printer's escape
 * (src-main/cli/output.ts), or an ESC or BEL in a title drives the terminal. A sink is console
 * output, a write to the process's streams, or any call on the raw `io` the CLI is given, in
 * src-main/cli*.ts and in every file of src-main/cli/ (the table of commands).
 */
const CLI_FILE = /(^|[/\\])src-main[/\\]cli([^/\\]*|[/\\].*)\.ts$/;
const CLI_SINK =
  /^(console\.(log|info|warn|error|debug|trace)|process\.(stdout|stderr)\.write|(\w+\.)*io\.\w+)$/;
const CLI_SANITISERS = /^(terminalText|terminalJson)$/;

const DANGEROUS_SWITCHES =
  /^(ignore-certificate-errors|disable-web-security|allow-running-insecure-content|no-sandbox|disable-site-isolation-trials|remote-debugging-port|js-flags)$/;

export function evaluateCsp(csp) {
  const problems = [];
  if (!csp) return [{ severity: HIGH, message: 'no Content-Security-Policy' }];
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
  const scripts = directives.get('script-src') ?? directives.get('default-src');
  if (!scripts) problems.push({ severity: HIGH, message: 'CSP has neither script-src nor default-src' });
  else {
    if (scripts.includes("'unsafe-eval'"))
      problems.push({ severity: HIGH, message: "CSP allows 'unsafe-eval' for scripts" });
    if (scripts.includes("'unsafe-inline'"))
      problems.push({ severity: HIGH, message: "CSP allows 'unsafe-inline' scripts" });
    if (scripts.some((s) => s === '*' || s === 'http:' || s === 'https:' || s === 'data:')) {
      problems.push({
        severity: HIGH,
        message: `CSP lets scripts load from anywhere (${scripts.join(' ')})`,
      });
    }
  }
  if (!directives.has('default-src')) problems.push({ severity: MEDIUM, message: 'CSP has no default-src' });
  if (!directives.has('object-src') && !(directives.get('default-src') ?? []).includes("'none'")) {
    problems.push({ severity: MEDIUM, message: 'CSP does not restrict object-src' });
  }
  return problems;
}

/** Scans one file's code; `role` is 'main', 'preload' or 'renderer'. */
export function scanCode(file, text, role) {
  const findings = [];
  const sf = parse(file, text);
  const add = (node, severity, check, message) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    findings.push({ severity, check, file, line: line + 1, message });
  };
  const facts = {
    permissionRequest: false,
    permissionCheck: false,
    willNavigate: false,
    windowOpen: false,
    webviewGuard: false,
    webPreferences: 0,
  };

  walk(sf, (node) => {
    // webPreferences literals: forbidden values, and required ones present.
    if (
      ts.isPropertyAssignment(node) &&
      propName(node) === 'webPreferences' &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      facts.webPreferences++;
      const props = new Map(
        node.initializer.properties.filter(ts.isPropertyAssignment).map((p) => [propName(p), p]),
      );
      for (const [name, rule] of Object.entries(REQUIRED_PREFS)) {
        const p = props.get(name);
        if (!p)
          add(
            node,
            rule.severity,
            `webPreferences.${name}`,
            `webPreferences does not set ${name}: ${String(rule.value)} (${rule.why})`,
          );
      }
    }
    if (ts.isPropertyAssignment(node)) {
      const name = propName(node);
      const rule = name && Object.hasOwn(FORBIDDEN_PREFS, name) ? FORBIDDEN_PREFS[name] : null;
      if (rule) {
        const value = literalValue(node.initializer);
        const [bad, severity] = rule;
        if ((bad === '*' && value !== undefined && value !== '') || value === bad) {
          add(node, severity, name, `${name}: ${JSON.stringify(value)} weakens the renderer`);
        }
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const calleeText = callee.getText(sf);
      const method = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      const args = node.arguments;
      if (method === 'setPermissionRequestHandler') facts.permissionRequest = true;
      if (method === 'setPermissionCheckHandler') facts.permissionCheck = true;
      if (method === 'setWindowOpenHandler') facts.windowOpen = true;
      if (method === 'on' || method === 'once') {
        const event = literalValue(args[0]);
        if (event === 'will-navigate') facts.willNavigate = true;
        if (event === 'will-attach-webview') facts.webviewGuard = true;
        if (event === 'certificate-error')
          add(node, MEDIUM, 'certificate-error', 'a certificate-error handler can accept bad certificates');
      }
      if (method === 'setCertificateVerifyProc')
        add(node, MEDIUM, 'certificate-verify', 'a custom certificate verifier');
      if (method === 'appendSwitch' && DANGEROUS_SWITCHES.test(String(literalValue(args[0]) ?? ''))) {
        add(
          node,
          HIGH,
          'command-line-switch',
          `the ${String(literalValue(args[0]))} switch weakens Chromium's security`,
        );
      }
      if (method === 'loadURL') {
        const url = literalValue(args[0]);
        if (typeof url === 'string' && /^http:/i.test(url))
          add(node, HIGH, 'insecure-load', `loads ${url} over plain http`);
        if (typeof url === 'string' && /^file:/i.test(url))
          add(node, MEDIUM, 'file-protocol', 'loads the app from file://');
      }
      if (method === 'loadFile')
        add(node, MEDIUM, 'file-protocol', 'loads the app from file:// (use a custom protocol)');
      if (method === 'executeJavaScript')
        add(node, MEDIUM, 'execute-javascript', 'runs code in the page from the main process');
      if (method === 'openExternal') checkOpenExternal(node, calleeText);
      if (method === 'exposeInMainWorld') checkExposed(node);
      if (
        (method === 'require' || calleeText === 'import') &&
        /@electron\/remote|^electron\/remote$/.test(String(literalValue(args[0]) ?? ''))
      ) {
        add(node, HIGH, 'remote-module', 'uses the remote module');
      }
      if (role === 'renderer' && (calleeText === 'eval' || calleeText === 'Function'))
        add(node, HIGH, 'eval', `calls ${calleeText}()`);
    }
    // A cookie that carries a credential: browsers send 127.0.0.1's cookies to every port, so
    // any other local server the user visits receives it (and can overwrite it).
    if (ts.isPropertyAssignment(node) && /^set-cookie$/i.test(propName(node) ?? '')) {
      checkCookie(node, node.initializer);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first, second] = node.arguments;
      if (
        /^(setHeader|appendHeader|append|set)$/.test(method) &&
        /^set-cookie$/i.test(String(literalValue(first)))
      )
        checkCookie(node, second);
      if (method === 'cookie') checkCookie(node, second);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'cookie'
    ) {
      checkCookie(node, node.right);
    }
    // Service text (the status line, a response header) must pass a scrubber before it can
    // become a message: a service may echo the token it was sent.
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'statusText' && !isAssignmentTarget(node)) {
      checkServiceText(node, `${node.getText(sf)}`);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'get' &&
      /(^|\.)headers$/.test(node.expression.expression.getText(sf))
    ) {
      checkServiceText(node, node.getText(sf));
    }
    // A link built in code: an href assigned from anything but the shared scheme check.
    if (
      role === 'renderer' &&
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'href' &&
      // A link to the page's own data (a file it hands to the browser to save) is no way out.
      !/^(safeLinkUrl|URL\.createObjectURL)\s*\(/.test(node.right.getText(sf))
    ) {
      add(node, HIGH, 'unchecked-link', 'assigns an href that did not pass safeLinkUrl()');
    }
    if (role === 'main' && CLI_FILE.test(file) && ts.isCallExpression(node)) checkCliOutput(node);
    if (ts.isNewExpression(node) && node.expression.getText(sf) === 'Function' && role === 'renderer')
      add(node, HIGH, 'eval', 'new Function()');
    if (
      ts.isImportDeclaration(node) &&
      /@electron\/remote|^electron\/remote$/.test(node.moduleSpecifier.text)
    ) {
      add(node, HIGH, 'remote-module', 'imports the remote module');
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'remote' &&
      /electron/.test(node.expression.getText(sf))
    ) {
      add(node, HIGH, 'remote-module', 'uses electron.remote');
    }
    if (role === 'renderer' && ts.isPropertyAccessExpression(node) && node.name.text === 'innerHTML') {
      const parent = node.parent;
      if (
        ts.isBinaryExpression(parent) &&
        parent.left === node &&
        parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
      ) {
        add(node, MEDIUM, 'inner-html', 'assigns innerHTML');
      }
    }
  });

  function isAssignmentTarget(node) {
    const parent = node.parent;
    return (
      ts.isBinaryExpression(parent) &&
      parent.left === node &&
      parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
    );
  }

  function checkServiceText(node, what) {
    // Climb through expressions that pass the text on unchanged, to what finally uses it.
    let n = node;
    for (;;) {
      const parent = n.parent;
      if (!parent) break;
      const passesOn =
        ts.isParenthesizedExpression(parent) ||
        ts.isAsExpression(parent) ||
        ts.isNonNullExpression(parent) ||
        (ts.isBinaryExpression(parent) &&
          [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(
            parent.operatorToken.kind,
          )) ||
        (ts.isConditionalExpression(parent) && parent.condition !== n);
      if (!passesOn) break;
      n = parent;
    }
    const parent = n.parent;
    // Carried as it came under its own name (a transport's answer, core/api/wire.ts): every later
    // read of that property is itself a read of `.statusText`, checked where it happens.
    if (
      what.endsWith('.statusText') &&
      ts.isPropertyAssignment(parent) &&
      parent.initializer === n &&
      propName(parent) === 'statusText'
    ) {
      return;
    }
    if (ts.isCallExpression(parent) && parent.arguments.includes(n)) {
      const callee = parent.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.getText(sf)
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (SERVICE_TEXT_SAFE_CALLS.test(name)) return;
    }
    // Used only as a condition or compared: it does not become text.
    const asCondition =
      (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken) ||
      (ts.isBinaryExpression(parent) &&
        [
          ts.SyntaxKind.EqualsEqualsEqualsToken,
          ts.SyntaxKind.ExclamationEqualsEqualsToken,
          ts.SyntaxKind.EqualsEqualsToken,
          ts.SyntaxKind.ExclamationEqualsToken,
        ].includes(parent.operatorToken.kind)) ||
      ((ts.isIfStatement(parent) || ts.isConditionalExpression(parent)) && parent.expression === n) ||
      (ts.isConditionalExpression(parent) && parent.condition === n);
    if (asCondition) return;
    add(
      node,
      HIGH,
      'unredacted-service-text',
      `${what.slice(0, 60)} is used without passing a scrubber (scrubSecrets, #clean, redact)`,
    );
  }

  function checkCookie(node, value) {
    // A literal cookie ("theme=dark") carries nothing; one built from a credential's name does.
    if (!value || literalValue(value) !== undefined) return;
    if (!CREDENTIAL_NAME.test(value.getText(sf))) return;
    add(
      node,
      HIGH,
      'cookie-credential',
      `sets a cookie from ${value.getText(sf).slice(0, 60)}: cookies reach every port of the host, so a credential must not ride in one`,
    );
  }

  function checkCliOutput(node) {
    const callee = node.expression.getText(sf);
    const [text] = node.arguments;
    if (!CLI_SINK.test(callee) || !text) return;
    // A fixed string says nothing the service wrote.
    if (ts.isStringLiteral(text) || ts.isNoSubstitutionTemplateLiteral(text)) return;
    if (ts.isCallExpression(text)) {
      const inner = text.expression;
      const name = ts.isIdentifier(inner)
        ? inner.text
        : ts.isPropertyAccessExpression(inner)
          ? inner.name.text
          : '';
      if (CLI_SANITISERS.test(name)) return;
    }
    // The one boundary adapter, \`stdout: (text) => process.stdout.write(text)\`: what reaches it
    // is checked where \`io.stdout\` is called.
    const fn = node.parent;
    const isAdapter =
      ts.isArrowFunction(fn) &&
      fn.body === node &&
      ts.isPropertyAssignment(fn.parent) &&
      /^(stdout|stderr)$/.test(propName(fn.parent) ?? '') &&
      ts.isIdentifier(text) &&
      fn.parameters.some((p) => p.name.getText(sf) === text.text);
    if (isAdapter) return;
    add(
      node,
      HIGH,
      'unsanitised-cli-output',
      `${callee}() prints text that did not pass terminalText()/terminalJson() (src-main/cli/output.ts)`,
    );
  }

  function enclosingFunction(node) {
    for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
    return sf;
  }

  function checkOpenExternal(node, calleeText) {
    // Allowed: the one adapter `const openExternal = (url) => shell.openExternal(url)` (every
    // user of it goes through a URL check, which the rule below enforces), or a call in a
    // function that checks the URL with isSafeExternalUrl first.
    const fn = enclosingFunction(node);
    const isAdapter =
      /(^|\.)shell\.openExternal$/.test(calleeText) &&
      ts.isArrowFunction(fn) &&
      ts.isVariableDeclaration(fn.parent) &&
      fn.parent.name.getText(sf) === 'openExternal';
    const body = fn.getText(sf);
    if (isAdapter || /\b(isSafeExternalUrl|safeLinkUrl|isSafeLink)\s*\(/.test(body)) return;
    add(node, HIGH, 'open-external', `${calleeText}() is called without an isSafeExternalUrl check`);
  }

  function checkExposed(node) {
    const [key, api] = node.arguments;
    if (!api) return;
    const mentions = (n) => {
      let found = false;
      walk(n, (c) => {
        if (ts.isIdentifier(c) && c.text === 'ipcRenderer') found = true;
      });
      return found;
    };
    if (ts.isIdentifier(api) && api.text === 'ipcRenderer') {
      add(node, HIGH, 'expose-ipc-renderer', 'exposes ipcRenderer itself to the page');
      return;
    }
    const object = ts.isIdentifier(api) ? findDeclaration(api.text) : api;
    if (object && ts.isObjectLiteralExpression(object)) {
      for (const p of object.properties) {
        // A function wrapping ipcRenderer is the narrow API; a property that *is* ipcRenderer or one of its methods is not.
        const value = ts.isPropertyAssignment(p)
          ? p.initializer
          : ts.isShorthandPropertyAssignment(p)
            ? p.name
            : null;
        if (value && !ts.isFunctionLike(value) && mentions(value)) {
          add(
            p,
            HIGH,
            'expose-ipc-renderer',
            `exposes ipcRenderer through "${propName(p) ?? p.getText(sf)}"`,
          );
        }
      }
    }
    void key;
  }

  function findDeclaration(name) {
    let found = null;
    walk(sf, (n) => {
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer) {
        found = n.initializer;
        while (found && (ts.isSatisfiesExpression(found) || ts.isAsExpression(found)))
          found = found.expression;
      }
    });
    return found;
  }

  return { findings, facts };
}

export function scanHtml(file, text) {
  const findings = [];
  const meta = /<meta[^>]+http-equiv=["']Content-Security-Policy["'][^>]*content=(["'])(.*?)\1/is.exec(text);
  for (const p of evaluateCsp(meta?.[2] ?? null))
    findings.push({ ...p, check: 'csp', file, line: 1, message: `${p.message} (meta tag)` });
  if (/<webview\b/i.test(text))
    findings.push({ severity: HIGH, check: 'webview', file, line: 1, message: 'uses <webview>' });
  if (/\ballowpopups\b/i.test(text))
    findings.push({ severity: HIGH, check: 'allowpopups', file, line: 1, message: 'allowpopups' });
  if (/<script[^>]+src=["']https?:/i.test(text))
    findings.push({
      severity: HIGH,
      check: 'remote-script',
      file,
      line: 1,
      message: 'loads a script from the network',
    });
  return findings;
}

export function scanSvelte(file, text) {
  const findings = [];
  // href={expr} (or the {href} shorthand) must come from the shared scheme check: either
  // safeLinkUrl(...) itself or a name the component derives from it.
  const checked = (expr) => {
    const e = expr.trim();
    if (/^safeLinkUrl\s*\(/.test(e)) return true;
    if (!/^[A-Za-z_$][\w$]*$/.test(e)) return false;
    return new RegExp(`\\b${e}\\s*=\\s*(\\$derived\\(\\s*)?safeLinkUrl\\s*\\(`).test(text);
  };
  text.split('\n').forEach((line, i) => {
    const hrefs = [
      ...[...line.matchAll(/\bhref\s*=\s*["']?\{([^}]*)\}/g)].map((m) => m[1]),
      ...[...line.matchAll(/\{\s*href\s*\}/g)].map(() => 'href'),
    ];
    for (const expr of hrefs) {
      if (!checked(expr))
        findings.push({
          severity: HIGH,
          check: 'unchecked-link',
          file,
          line: i + 1,
          message: `href={${expr.trim().slice(0, 40)}} is not built with safeLinkUrl()`,
        });
    }
    if (/\{@html\b/.test(line))
      findings.push({
        severity: MEDIUM,
        check: 'svelte-html',
        file,
        line: i + 1,
        message: '{@html} renders unescaped markup',
      });
  });
  return findings;
}

/** Scans a project folder laid out like Outpost's. */
export function scanProject(root) {
  const findings = [];
  const rel = (f) => relative(root, f);
  const roles = [
    ['src-main', 'main'],
    ['src-preload', 'preload'],
    ['src-renderer', 'renderer'],
  ];
  const mainFacts = {
    permissionRequest: false,
    permissionCheck: false,
    willNavigate: false,
    windowOpen: false,
    webviewGuard: false,
    webPreferences: 0,
  };
  let scanned = 0;
  for (const [dir, role] of roles) {
    for (const file of listFiles(join(root, dir), isCode)) {
      scanned++;
      const { findings: f, facts } = scanCode(rel(file), readFileSync(file, 'utf8'), role);
      findings.push(...f);
      if (role === 'main')
        for (const k of Object.keys(mainFacts))
          mainFacts[k] =
            typeof mainFacts[k] === 'number' ? mainFacts[k] + facts[k] : mainFacts[k] || facts[k];
    }
    for (const file of listFiles(join(root, dir), (f) => f.endsWith('.svelte'))) {
      scanned++;
      findings.push(...scanSvelte(rel(file), readFileSync(file, 'utf8')));
    }
  }
  const project = (severity, check, message) =>
    findings.push({ severity, check, file: 'src-main', line: 0, message });
  if (!mainFacts.permissionRequest)
    project(
      HIGH,
      'permission-handler',
      'no session.setPermissionRequestHandler: the page may be granted camera, location, ...',
    );
  if (!mainFacts.permissionCheck) project(MEDIUM, 'permission-check', 'no session.setPermissionCheckHandler');
  if (!mainFacts.willNavigate) project(HIGH, 'navigation', "no 'will-navigate' handler limits navigation");
  if (!mainFacts.windowOpen) project(HIGH, 'new-window', 'no setWindowOpenHandler limits window.open');
  if (!mainFacts.webviewGuard) project(MEDIUM, 'webview-guard', "no 'will-attach-webview' handler");
  if (mainFacts.webPreferences === 0)
    project(HIGH, 'webPreferences', 'no BrowserWindow webPreferences found to check');

  // The CSP: in the renderer's HTML and in the headers the hosts send.
  const html = join(root, 'src-renderer', 'index.html');
  if (existsSync(html)) findings.push(...scanHtml(rel(html), readFileSync(html, 'utf8')));
  else project(HIGH, 'csp', 'src-renderer/index.html not found');
  const cspFile = join(root, 'src-main', 'shared', 'csp.ts');
  const cspMatch = existsSync(cspFile)
    ? /RENDERER_CSP\s*=\s*\[([\s\S]*?)\]\.join\('; '\)/.exec(readFileSync(cspFile, 'utf8'))
    : null;
  if (!cspMatch) project(HIGH, 'csp-header', 'no RENDERER_CSP header in src-main/shared/csp.ts');
  else {
    const csp = [...cspMatch[1].matchAll(/"([^"]*)"/g)].map((m) => m[1]).join('; ');
    for (const p of evaluateCsp(csp))
      findings.push({
        ...p,
        check: 'csp-header',
        file: rel(cspFile),
        line: 1,
        message: `${p.message} (header)`,
      });
  }

  // The built output, when there is one: what actually ships.
  const out = join(root, 'out');
  if (existsSync(out)) {
    for (const file of listFiles(join(out, 'main'), isCode)) {
      scanned++;
      findings.push(...scanCode(rel(file), readFileSync(file, 'utf8'), 'main').findings);
    }
    for (const file of listFiles(join(out, 'preload'), isCode)) {
      scanned++;
      findings.push(...scanCode(rel(file), readFileSync(file, 'utf8'), 'preload').findings);
    }
    for (const file of listFiles(join(out, 'renderer'), (f) => f.endsWith('.js'))) {
      scanned++;
      const text = readFileSync(file, 'utf8');
      if (/\bnew Function\s*\(|[^.\w]eval\s*\(/.test(text))
        findings.push({
          severity: MEDIUM,
          check: 'eval',
          file: rel(file),
          line: 0,
          message: 'the bundle contains eval or new Function (blocked by the CSP)',
        });
    }
    const builtHtml = join(out, 'renderer', 'index.html');
    if (existsSync(builtHtml)) findings.push(...scanHtml(rel(builtHtml), readFileSync(builtHtml, 'utf8')));
  }
  return { findings, scanned };
}

function main() {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args[rootAt + 1] : join(dirname(fileURLToPath(import.meta.url)), '..');
  const { findings, scanned } = scanProject(root);
  const high = findings.filter((f) => f.severity === HIGH);
  if (args.includes('--json')) {
    console.log(JSON.stringify({ scanned, findings }, null, 2));
  } else {
    for (const f of findings)
      console.log(
        `${f.severity.toUpperCase().padEnd(6)} ${f.check.padEnd(22)} ${f.file}${f.line ? `:${f.line}` : ''}  ${f.message}`,
      );
    console.log(
      `security scan: ${scanned} files, ${high.length} high, ${findings.length - high.length} medium`,
    );
  }
  process.exit(high.length > 0 ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

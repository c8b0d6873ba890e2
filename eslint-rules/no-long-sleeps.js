// @ts-check
// Unit and integration tests never sleep longer than a second. Time a test cares about is
// moved by the test (vi.useFakeTimers, or the core's Scheduler on test/support/virtual-time.ts),
// and real work is waited for by its event. This rule catches the literal forms of a long sleep:
// a sleep-like call given more than LIMIT_MS, and a wait-until allowed more than that.

const LIMIT_MS = 1_000;
/** Calls whose number argument is a pause: the global setTimeout and the usual helper names. */
const SLEEPS = ['setTimeout', 'sleep', 'delay', 'wait'];
/** Calls that poll until something holds, for as long as their `timeout` allows. */
const WAITS = new Set(['waitFor', 'waitUntil', 'poll']);

/**
 * The value of a number written out in the source (`7_500`, `60 * 1000`), else null.
 * @param {import('estree').Node} node
 * @returns {number | null}
 */
function constantNumber(node) {
  if (node.type === 'Literal') return typeof node.value === 'number' ? node.value : null;
  if (node.type === 'BinaryExpression' && (node.operator === '*' || node.operator === '+')) {
    if (node.left.type === 'PrivateIdentifier') return null;
    const left = constantNumber(node.left);
    const right = constantNumber(node.right);
    if (left === null || right === null) return null;
    return node.operator === '*' ? left * right : left + right;
  }
  return null;
}

/**
 * @param {import('estree').Node} callee
 * @returns {string | null}
 */
function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier')
    return callee.property.name;
  return null;
}

/**
 * How long a wait-until may sit: its `{ timeout }` option, or a bare number.
 * @param {import('estree').Node} arg
 * @returns {import('estree').Node | null}
 */
function waitLimit(arg) {
  if (arg.type !== 'ObjectExpression') return arg;
  const option = arg.properties.find(
    (p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'timeout',
  );
  return option?.type === 'Property' ? option.value : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'No unit or integration test sleeps or waits longer than a second.' },
    messages: {
      sleep:
        'A {{ms}} ms sleep: move time with fake timers or the Scheduler (test/support/virtual-time.ts), or wait for the event.',
      wait: 'A wait of up to {{ms}} ms: move time with fake timers or the Scheduler, or wait for the event.',
    },
    schema: [],
  },
  create(context) {
    const sleeps = new Set(SLEEPS);
    /** @param {import('estree').Node} node @param {'sleep' | 'wait'} messageId */
    const reportLong = (node, messageId) => {
      const ms = constantNumber(node);
      if (ms !== null && ms > LIMIT_MS) context.report({ node, messageId, data: { ms: String(ms) } });
    };
    return {
      ImportSpecifier(node) {
        // `import { setTimeout as pause } from 'node:timers/promises'` makes `pause` a sleep.
        const from = node.parent.type === 'ImportDeclaration' ? node.parent.source.value : null;
        const imported = node.imported.type === 'Identifier' ? node.imported.name : node.imported.value;
        if ((from === 'node:timers/promises' || from === 'timers/promises') && imported === 'setTimeout')
          sleeps.add(node.local.name);
      },
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (name === null) return;
        if (sleeps.has(name)) for (const arg of node.arguments) reportLong(arg, 'sleep');
        if (WAITS.has(name))
          for (const arg of node.arguments) {
            const limit = waitLimit(arg);
            if (limit) reportLong(limit, 'wait');
          }
      },
    };
  },
};

export default { rules: { 'no-long-sleeps': rule } };

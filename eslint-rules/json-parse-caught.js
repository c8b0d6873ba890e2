// @ts-check
// Text read as JSON in the app (a column of the file, a service's answer, a file someone picked,
// a message) can be damaged or cut off: `JSON.parse` throws on it. Each call sits in the `try`
// block of a `try` that catches, so the damage ends in a plain answer (a fallback, a clear
// error) rather than an exception that stops a list, a sync or a start. store/json.ts's
// `readJson` is the shared form of that for the core's columns.

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'JSON.parse only inside the block of a try that catches.' },
    messages: {
      uncaught:
        'JSON.parse throws on damaged or cut-off text: call it inside a try that catches (or use readJson from core/store/json.ts), and answer the damage plainly.',
    },
    schema: [],
  },
  create(context) {
    /** Whether `node` lies in the `block` of a try statement with a catch clause, within its own function. */
    const caught = (node) => {
      for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
        if (parent.type === 'TryStatement' && parent.block === child && parent.handler) return true;
        // A function's body runs when it is called, not where it is written.
        if (/Function/.test(parent.type)) return false;
      }
      return false;
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'JSON' &&
          callee.property.type === 'Identifier' &&
          callee.property.name === 'parse' &&
          !caught(node)
        )
          context.report({ node, messageId: 'uncaught' });
      },
    };
  },
};

export default { rules: { 'json-parse-caught': rule } };

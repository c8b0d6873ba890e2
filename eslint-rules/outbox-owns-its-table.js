// @ts-check
// Only src-main/core/outbox/ may query the `outbox_op` table: the op store there is its one
// writer (compare-and-set on the state, through the op machine), and op-queries.ts its reads.
// Anywhere else, a string naming the table is a query of it (Kysely names tables in strings).

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Only core/outbox/ queries the outbox_op table.' },
    messages: {
      query:
        'Only src-main/core/outbox/ touches outbox_op: use op-queries.ts to read ops, and op-store.ts / actions.ts to change them.',
    },
    schema: [],
  },
  create(context) {
    const names = (text) => /\boutbox_op\b/.test(text);
    return {
      Literal(node) {
        if (typeof node.value === 'string' && names(node.value)) context.report({ node, messageId: 'query' });
      },
      TemplateElement(node) {
        if (names(node.value.raw)) context.report({ node, messageId: 'query' });
      },
    };
  },
};

export default { rules: { 'outbox-owns-its-table': rule } };

import type { Rule } from 'eslint';

declare const plugin: { rules: { 'outbox-owns-its-table': Rule.RuleModule } };
export default plugin;

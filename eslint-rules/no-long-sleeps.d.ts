import type { Rule } from 'eslint';

declare const plugin: { rules: { 'no-long-sleeps': Rule.RuleModule } };
export default plugin;

import type { Rule } from 'eslint';

declare const plugin: { rules: { 'json-parse-caught': Rule.RuleModule } };
export default plugin;

import type { Rule } from 'eslint';

export interface CoreLayer {
  name: string;
  may: readonly string[];
  files?: readonly string[];
  what: string;
}
export declare const CORE_LAYERS: readonly CoreLayer[];
export declare function layerOf(path: string): string | null | undefined;
export declare function layerViolation(importer: string, source: string): string | null;

declare const plugin: { rules: { 'core-layers': Rule.RuleModule } };
export default plugin;

import type { Rule } from 'eslint';

export interface WindowLayer {
  name: string;
  may: readonly string[];
  folder?: string;
  files?: readonly string[];
  what: string;
}
export declare const WINDOW_LAYERS: readonly WindowLayer[];
export declare function windowLayerOf(path: string): string | null | undefined;
export declare function windowLayerViolation(importer: string, source: string): string | null;

declare const plugin: { rules: { 'window-layers': Rule.RuleModule } };
export default plugin;

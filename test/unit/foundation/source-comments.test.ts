// A source comment says why, in words that stand alone: a pointer to a tracker number or to a
// document that is not in the repository leads a reader nowhere. Every comment of the code
// (TypeScript, JavaScript and Svelte, tests and tools included) is found with the help of the
// TypeScript parser, so a string or a URL that merely looks like a comment is not taken for one.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const TREES = ['src-main', 'src-preload', 'src-renderer', 'scripts', 'eslint-rules', 'test'];
const ROOT_FILES = ['electron.vite.config.ts', 'eslint.config.js', 'svelte.config.js', 'vitest.config.ts'];
const CODE = /\.(ts|mts|cts|js|mjs|cjs|svelte)$/;

/** What a comment must not carry: a tracker number, or a document outside the repository. */
const POINTERS_NOWHERE: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'an issue number', pattern: /\bissues?\s+#?\d+/i },
  { what: 'an issue number', pattern: /\(#\d+\)/ },
  { what: 'the design guide outside the repository', pattern: /\bdesign\.md\b/i },
  { what: 'the API spec outside the repository', pattern: /\bapi-spec\.md\b/i },
  { what: 'a document outside the repository', pattern: /(?:^|[\s(`'"])(?:\.\.\/)+shared\// },
];

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

/**
 * Every comment of a script. The parser finds the strings, templates and regular expressions;
 * with those blanked out, what still opens with // or /* is a comment.
 */
function scriptComments(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const chars = text.split('');
  const blank = (from: number, to: number): void => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
  };
  const visit = (node: ts.Node): void => {
    if (LITERALS.has(node.kind)) blank(node.getStart(source), node.end);
    // A template's parts are not children of forEachChild's walk of it: visit them by hand.
    if (ts.isTemplateExpression(node)) {
      blank(node.head.getStart(source), node.head.end);
      for (const span of node.templateSpans) blank(span.literal.getStart(source), span.literal.end);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const masked = chars.join('');
  return [...masked.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) =>
    text.slice(m.index, m.index + m[0].length),
  );
}

/** A Svelte component's comments: those of its scripts, and the markup's HTML comments. */
function componentComments(fileName: string, text: string): string[] {
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const markup = text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  return [
    ...scripts.flatMap((script) => scriptComments(fileName, script)),
    ...[...markup.matchAll(/<!--[\s\S]*?-->/g)].map((m) => m[0]),
  ];
}

function commentsOf(fileName: string, text: string): string[] {
  return fileName.endsWith('.svelte') ? componentComments(fileName, text) : scriptComments(fileName, text);
}

function pointersNowhere(comment: string): string[] {
  return POINTERS_NOWHERE.filter(({ pattern }) => pattern.test(comment)).map(({ what }) => what);
}

// Parsing the whole tree takes a second or two, many more on a loaded machine.
describe('source comments point only inside the repository', { timeout: 60_000 }, () => {
  it('finds the comments of a script and a component, and not the strings that look like one', () => {
    const script = [
      '// A line comment.',
      'const url = "http://example.test/issue 7"; /* a block */',
      '/** A doc comment. */',
      'export const glob = `src-main/**/*.ts`;',
    ].join('\n');
    expect(commentsOf('a.ts', script)).toEqual([
      '// A line comment.',
      '/* a block */',
      '/** A doc comment. */',
    ]);
    const component =
      '<script lang="ts">\n  // In the script.\n  let n = 1;\n</script>\n\n<!-- In the markup. -->\n<p>{n}</p>\n';
    expect(commentsOf('A.svelte', component)).toEqual(['// In the script.', '<!-- In the markup. -->']);
  });

  it('tells a pointer that leads nowhere from a comment that says why', () => {
    expect(pointersNowhere('// Hidden posts (issue 25): the service offers no deletion.')).toEqual([
      'an issue number',
    ]);
    expect(pointersNowhere('// Paging (issues 25, 27).')).toEqual(['an issue number']);
    expect(pointersNowhere('// Fixed the drift (#12).')).toEqual(['an issue number']);
    expect(pointersNowhere('/** The layers of design.md section 2. */')).toEqual([
      'the design guide outside the repository',
    ]);
    expect(pointersNowhere('// As ../shared/notes.md says.')).toEqual(['a document outside the repository']);
    expect(pointersNowhere('// The service offers no deletion, so a hidden post stays on it.')).toEqual([]);
    expect(pointersNowhere('// See docs/architecture.md, "The outbox"; the #1 rule is no loss.')).toEqual([]);
  });

  it('no comment in the code, its tests or its tools names an issue number or an outside document', () => {
    const files = [
      ...TREES.flatMap((tree) => codeFiles(join(ROOT, tree))),
      ...ROOT_FILES.map((f) => join(ROOT, f)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      commentsOf(file, readFileSync(file, 'utf8')).flatMap((comment) =>
        pointersNowhere(comment).map(
          (what) => `${relative(ROOT, file)}: ${what} in ${comment.slice(0, 120)}`,
        ),
      ),
    );
    expect(found).toEqual([]);
  });
});

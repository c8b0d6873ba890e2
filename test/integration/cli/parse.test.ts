import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src-main/cli/command';
import { parseCommandLine } from '../../../src-main/cli/parse';

describe('parseCommandLine', () => {
  it.each([
    [['status'], 'status', {}],
    [['--json', 'status'], 'status', { json: true }],
    [['status', '--data-dir', '/tmp/x'], 'status', { 'data-dir': '/tmp/x' }],
    [['connect', '--base-url', 'https://a.example.com'], 'connect', { 'base-url': 'https://a.example.com' }],
    [
      ['connect', '--base-url', 'https://a', '--auth-header', 'x-api-key'],
      'connect',
      { 'base-url': 'https://a', 'auth-header': 'x-api-key' },
    ],
    [['draft', '--title', 'Hello'], 'draft', { title: 'Hello' }],
    [['variant', '--post', 'p', '--platform', 'x', '--content', ''], 'variant', { content: '' }],
    [
      ['variant', '--post', 'p', '--platform', 'x', '--content', 'c', '--no-profile'],
      'variant',
      { 'no-profile': true },
    ],
    [
      ['variant', '--post', 'p', '--platform', 'x', '--content', 'c', '--profile', '9'],
      'variant',
      { profile: '9' },
    ],
    [
      ['schedule', '--variant', 'v', '--at', '2030-01-01T09:00:00Z'],
      'schedule',
      { at: '2030-01-01T09:00:00Z' },
    ],
    [['schedule', '--variant', 'v', '--clear'], 'schedule', { clear: true }],
    [['resolve', '--variant', 'v', '--theirs'], 'resolve', { theirs: true }],
    [['resolve', '--post', 'p', '--mine'], 'resolve', { post: 'p', mine: true }],
    [['log', '--limit', '5'], 'log', { limit: '5' }],
    // A value that is a negative number is the option's, not an option.
    [
      ['variant', '--post', 'p', '--platform', 'x', '--content', '-5 degrees'],
      'variant',
      { content: '-5 degrees' },
    ],
    [['posts'], 'posts', {}],
    [['--help'], null, { help: true }],
  ])('%j', (argv, command, values) => {
    const parsed = parseCommandLine(argv);
    expect(parsed.command).toBe(command);
    expect(parsed.values).toMatchObject(values);
  });

  it.each([
    [['frobnicate'], /Unknown command 'frobnicate'/],
    [['status', '--title', 'x'], /'status' does not take --title/],
    [['status', 'extra'], /Unexpected argument 'extra'/],
    [['connect'], /'connect' needs --base-url/],
    [['connect', '--base-url', 'https://a', '--auth-header', 'basic'], /--auth-header must be/],
    [['draft'], /'draft' needs --title/],
    [['draft', '--title', '  '], /'draft' needs --title/],
    [['variant', '--post', 'p', '--platform', 'x'], /needs --content/],
    [
      ['variant', '--post', 'p', '--platform', 'x', '--content', 'c', '--profile', '1', '--no-profile'],
      /not both/,
    ],
    [['schedule', '--variant', 'v'], /needs --at or --clear/],
    [['schedule', '--variant', 'v', '--at', '2030-01-01T00:00:00Z', '--clear'], /not both/],
    [
      ['schedule', '--variant', 'v', '--at', 'tomorrow'],
      /^--at must be an ISO 8601 timestamp with a time zone/,
    ],
    [['schedule', '--variant', 'v', '--at', '2030-02-30T09:00:00Z'], /^--at must be .* of a day that exists/],
    [['resolve', '--variant', 'v'], /needs --mine or --theirs/],
    [['resolve', '--mine'], /needs --variant or --post/],
    [['resolve', '--variant', 'v', '--post', 'p', '--mine'], /not both/],
    [['resolve', '--variant', 'v', '--mine', '--theirs'], /not both/],
    [['log', '--limit', 'ten'], /whole number/],
    [['log', '--limit', '-1'], /^--limit must be a whole number from 1 to 10,000\.$/],
    [['log', '--limit', '0'], /^--limit must be a whole number from 1 to 10,000\.$/],
    [['log', '--limit', '10001'], /^--limit must be a whole number from 1 to 10,000\.$/],
    [['status', '--bogus'], /bogus/],
    [['draft', '--title'], /title/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });

  // Node's parseArgs would answer these in its own words ("argument missing", "argument is
  // ambiguous", "does not take an argument"): each is a usage error that names the option.
  it.each([
    [['variants', '--post'], '--post needs a value: --post ID.', 'variants'],
    [['variants', '--post', '--json'], '--post needs a value: --post ID.', 'variants'],
    [
      ['variant', '--post', '--platform', 'x', '--content', 'c'],
      '--post needs a value: --post ID.',
      'variant',
    ],
    [['publish', '--variant', '-h'], '--variant needs a value: --variant ID.', 'publish'],
    [['schedule', '--variant', 'v', '--at'], '--at needs a value: --at ISO-8601.', 'schedule'],
    [['schedule', '--variant', 'v', '--at', '--clear'], '--at needs a value: --at ISO-8601.', 'schedule'],
    [['log', '--limit'], '--limit needs a value: --limit N.', 'log'],
    [['log', '--limit', '--'], '--limit needs a value: --limit N.', 'log'],
    [['status', '--data-dir'], '--data-dir needs a value: --data-dir DIR.', 'status'],
    [['--data-dir', '--json', 'status'], '--data-dir needs a value: --data-dir DIR.', 'status'],
    [['export', '--out'], '--out needs a value: --out FILE.', 'export'],
    [['import', 'f.csv', '--workspace'], '--workspace needs a value: --workspace SLUG.', 'import'],
    [
      ['draft', '--title', '- item'],
      "--title needs a value: '- item' starts with '-', so it is read as an option; give such a value as one word, --title=T.",
      'draft',
    ],
    [['status', '--json=yes'], '--json takes no value: give it as --json alone.', 'status'],
    [['status', '--help=1'], '--help takes no value: give it as --help alone.', 'status'],
    [['status', '--frob'], "Unknown option '--frob'. Run 'outpost --help' for the list.", 'status'],
    [['status', '-z'], "Unknown option '-z'. Run 'outpost --help' for the list.", 'status'],
    // An option of another command, without its value: the command does not take it at all.
    [['status', '--title'], "'status' does not take --title.", 'status'],
    // No command: the option alone; a wrong command is said first.
    [['--post'], '--post needs a value: --post ID.', null],
    [['frob', '--post'], "Unknown command 'frob'. Run 'outpost --help' for the list.", null],
  ])('says %j in its own words', (argv, message, command) => {
    let error: unknown;
    try {
      parseCommandLine(argv);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(message);
    // The command named, so its own --json document (import's { rows: [], error }) tells it.
    expect((error as UsageError).command?.name ?? null).toBe(command);
  });

  it('still reads a value given with = that starts with a dash', () => {
    expect(parseCommandLine(['draft', '--title=- item']).values).toMatchObject({ title: '- item' });
    expect(parseCommandLine(['variants', '--post=-p', '--json']).values).toMatchObject({
      post: '-p',
      json: true,
    });
  });
});

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
});

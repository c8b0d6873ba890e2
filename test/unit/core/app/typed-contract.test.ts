// Typed from the bridge to the command: what must fail to compile is checked by `tsc` (npm run
// typecheck) through the `@ts-expect-error` lines below, which fail it in turn if the line
// they mark ever compiles. The tests around them run what can be run.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { CommandName } from '@preload/bridge';
import {
  combineCommands,
  runCommand,
  type Command,
  type Commands,
} from '../../../../src-main/core/app/command';
import type { AppContext } from '../../../../src-main/core/app/app-context';
import type { UndoableChange } from '../../../../src-main/core/app/command';
import type { AppCore } from '../../../../src-main/core/ports';

type Rest = Exclude<CommandName, 'planning.calendar' | 'planning.queue'>;

const info = { version: 'x', host: 'browser' as const, dataDir: '/tmp' };
const none = z.undefined();
const answer = () => Promise.resolve(info);
const nothing = () => Promise.resolve(null);

/** Never called: its body is what the compiler checks. */
export function compileTimeChecks(
  rest: Commands<Rest>,
  planning: Commands<'planning.calendar' | 'planning.queue'>,
  calendarOnly: Commands<'planning.calendar'>,
  core: AppCore,
): void {
  // Every command declared: the facade's table.
  void (combineCommands(rest, planning) satisfies Commands<CommandName>);
  // @ts-expect-error: without planning.queue the table is not every command.
  void (combineCommands(rest, calendarOnly) satisfies Commands<CommandName>);
  // @ts-expect-error: a declaration must say whether its answer quotes the service.
  const unsaid: Command<'app.info'> = { payload: none, undoable: false, run: answer };
  // @ts-expect-error: an undoable command answers its undo entry beside its value.
  const noEntry: Command<'app.info'> = { payload: none, quotesService: false, undoable: true, run: answer };
  const openPost = z.strictObject({ id: z.number() });
  const declared = { quotesService: false, undoable: false, run: nothing } as const;
  // @ts-expect-error: a payload schema must give the contract's payload.
  const wrongPayload: Command<'sync.openPost'> = { payload: openPost, ...declared };
  void [unsaid, noEntry, wrongPayload];
  // A host names the trigger of a sync...
  void core.syncNow('focus');
  // @ts-expect-error: ...and a misspelt one is an error, not a sync taken as the user's.
  void core.syncNow('intervall');
}

const appInfo: Command<'app.info'> = {
  payload: none,
  quotesService: false,
  undoable: false,
  run: () => Promise.resolve(info),
};

describe('combineCommands', () => {
  it('combines the maps of every feature into one', async () => {
    const map = combineCommands({ 'app.info': appInfo }, {});
    expect(Object.keys(map)).toEqual(['app.info']);
    expect(await map['app.info'].run(undefined as unknown as AppContext, undefined)).toMatchObject({
      version: 'x',
    });
  });

  it('refuses a command declared twice', () => {
    expect(() => combineCommands({ 'app.info': appInfo }, { 'app.info': appInfo })).toThrow(
      'Command app.info is declared twice.',
    );
  });
});

describe('runCommand', () => {
  const entry: UndoableChange = {
    label: 'Did it',
    postIds: [],
    inverse: () => Promise.resolve({ undone: 1, refused: [] }),
  };
  const app = undefined as unknown as AppContext;

  it("answers an undoable command's value and gives its entry to the journal", async () => {
    const recorded: UndoableChange[] = [];
    const undoable: Command<'app.info'> = {
      payload: none,
      quotesService: false,
      undoable: true,
      run: () => Promise.resolve({ value: info, undo: entry }),
    };
    expect(await runCommand(undoable, app, undefined, (u) => recorded.push(u))).toEqual(info);
    expect(recorded).toEqual([entry]);
  });

  it('records nothing when the change had nothing to take back, or the command cannot be undone', async () => {
    const recorded: UndoableChange[] = [];
    const unchanged: Command<'app.info'> = {
      payload: none,
      quotesService: false,
      undoable: true,
      run: () => Promise.resolve({ value: info, undo: null }),
    };
    expect(await runCommand(unchanged, app, undefined, (u) => recorded.push(u))).toEqual(info);
    expect(await runCommand(appInfo, app, undefined, (u) => recorded.push(u))).toEqual(info);
    expect(recorded).toEqual([]);
  });
});

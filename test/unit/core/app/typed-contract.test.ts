// Typed from the bridge to the handler: what must fail to compile is checked by `tsc` (npm run
// typecheck) through the `@ts-expect-error` lines below, which fail it in turn if the line
// they mark ever compiles. The tests around them run what can be run.
import { describe, expect, it } from 'vitest';
import type { CommandName } from '@preload/bridge';
import { combineHandlers, type Handlers } from '../../../../src-main/core/app/handlers';
import type { AppCore } from '../../../../src-main/core/ports';

type Rest = Exclude<CommandName, 'planning.calendar' | 'planning.queue'>;

/** Never called: its body is what the compiler checks. */
export function compileTimeChecks(
  rest: Handlers<Rest>,
  planning: Handlers<'planning.calendar' | 'planning.queue'>,
  calendarOnly: Handlers<'planning.calendar'>,
  core: AppCore,
): void {
  // Every command answered: the facade's map.
  void (combineHandlers(rest, planning) satisfies Handlers<CommandName>);
  // @ts-expect-error: without a planning.queue handler the map is not every command.
  void (combineHandlers(rest, calendarOnly) satisfies Handlers<CommandName>);
  // A host names the trigger of a sync...
  void core.syncNow('focus');
  // @ts-expect-error: ...and a misspelt one is an error, not a sync taken as the user's.
  void core.syncNow('intervall');
}

describe('combineHandlers', () => {
  const answer = () => Promise.resolve({ version: 'x', host: 'browser' as const, dataDir: '/tmp' });

  it('combines the maps of every feature into one', async () => {
    const map = combineHandlers({ 'app.info': answer }, {});
    expect(Object.keys(map)).toEqual(['app.info']);
    expect(await map['app.info']()).toMatchObject({ version: 'x' });
  });

  it('refuses a command handled twice', () => {
    expect(() => combineHandlers({ 'app.info': answer }, { 'app.info': answer })).toThrow(
      'Command app.info is handled twice.',
    );
  });
});

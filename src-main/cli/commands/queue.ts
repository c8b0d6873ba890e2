// outpost slots, outpost queue, outpost queue add: an account's weekly posting times, what fills
// its coming slots, and Add to queue. The slots, the queue and the choice of a slot are the
// core's answers; this file reads the words of --set and lays the answers out.
import type { AccountQueue, PostingSchedule, QueueSlot } from '@preload/bridge';
import { platformName } from '@preload/platforms';
import { showInstants } from '@preload/words/instants';
import { NOT_FOUND } from '@preload/words/errors';
import { REFUSALS } from '@preload/words/refusals';
import { formatPostingTimes, parsePostingTimes, WEEKDAY_NAMES } from '@preload/posting-times';
import { knownZone, systemZone, utcToZonedInput } from '@preload/zoned-time';
import type { AppCore } from '../../core/ports';
import { platformField } from '../output';
import {
  call,
  CommandFailed,
  defineCommand,
  optional,
  required,
  UsageError,
  wholeNumber,
  type CliCommand,
} from '../command';
import { cell, oneLine } from '../format';

const SIGN_OFF = "This goes to sign-off first: the channel's approvers release it.";

/** The workspace holding an account: the one given, else the only one that lists it. */
async function accountWorkspace(core: AppCore, profileId: string, given?: string): Promise<string> {
  if (given !== undefined) return given;
  const holding: string[] = [];
  for (const w of await call(core, 'workspaces.list', undefined)) {
    if (w.slug === null || w.access !== 'ok') continue;
    const profiles = await call(core, 'profiles.list', { workspace: w.slug });
    if (profiles.some((p) => p.id === profileId)) holding.push(w.slug);
  }
  if (holding.length === 1) return holding[0]!;
  if (holding.length > 1)
    throw new UsageError(
      `Account ${profileId} is in several workspaces (${holding.join(', ')}): say which with --workspace.`,
    );
  throw new CommandFailed(
    'not_found',
    `No workspace lists the account ${profileId}: run 'outpost sync' to read your accounts ('outpost profiles --workspace SLUG' lists them).`,
  );
}

/** "Mon 2030-01-07 09:00" on the clocks of `zone`. */
function when(iso: string, zone: string): string {
  const wall = utcToZonedInput(iso, zone);
  const weekday = (new Date(`${wall.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7;
  return `${WEEKDAY_NAMES[weekday]} ${wall.slice(0, 10)} ${wall.slice(11, 16)}`;
}

function timesText(zone: string | null, slots: PostingSchedule['slots']): string {
  return slots.length === 0 ? 'no posting times' : `${formatPostingTimes(slots)} (${zone ?? systemZone()})`;
}

function accountLine(a: AccountQueue): string {
  const name = [a.name, a.handle && `@${a.handle.replace(/^@/, '')}`].filter(Boolean).join(' ');
  return [
    a.workspace,
    platformField(platformName(a.platform)),
    name === '' ? '-' : cell(name, 40),
    `account ${a.profileId}`,
    timesText(a.zone, a.slots),
    ...(a.isActive ? [] : ['inactive']),
    ...(a.signOffExpected ? ['sign-off first'] : []),
  ].join(' · ');
}

function slotLine(s: QueueSlot, zone: string): string {
  const at = when(s.at, zone);
  if (s.item === null) return `  ${at}  empty`;
  const title = s.item.postTitle.trim() || s.item.firstLine || 'Untitled post';
  return `  ${at}  ${s.item.variantId}  ${cell(title)}${s.isSlot ? '' : ' (not a posting time)'}`;
}

function queueText(accounts: AccountQueue[], days: number): string {
  const lines: string[] = [];
  for (const a of accounts) {
    lines.push(accountLine(a));
    const zone = a.zone ?? systemZone();
    for (const s of a.coming) lines.push(slotLine(s, zone));
    if (a.coming.length === 0) lines.push(`  nothing in the next ${days} days`);
    if (a.later > 0) lines.push(`  and ${a.later} more later`);
  }
  return lines.join('\n');
}

const DEFAULT_DAYS = 7;

export const queueCommands: CliCommand[] = [
  defineCommand({
    name: 'slots',
    options: [
      required('account', 'ID'),
      optional('workspace', 'SLUG'),
      optional('set', '"DAYS HH:MM ..."', {
        check: (value) => {
          const parsed = parsePostingTimes(value);
          return parsed.ok ? null : `--set: ${parsed.message}`;
        },
      }),
      optional('zone', 'ZONE', {
        check: (value) =>
          knownZone(value) === null
            ? `--zone must be an IANA time zone such as Europe/Berlin or America/New_York, not "${oneLine(value)}".`
            : null,
      }),
    ],
    help: [
      "An account's weekly posting times, shown, or set with --set: days, then 24-hour",
      'times ("Mon-Fri 09:00 12:30", "Sat,Sun 10:00", "Mon,Wed-Fri 08:15; Sat 11:00",',
      "or none). --zone: the times' zone (default: the account's, else this computer's).",
    ],
    async run({ core, values }) {
      const profileId = values.account;
      const workspace = await accountWorkspace(core, profileId, values.workspace);
      let schedule = await call(core, 'planning.slots', { workspace, profileId });
      if (values.set !== undefined || values.zone !== undefined) {
        const parsed = values.set === undefined ? null : parsePostingTimes(values.set);
        schedule = await call(core, 'planning.setSlots', {
          workspace,
          profileId,
          zone: values.zone ?? schedule.zone ?? systemZone(),
          slots: parsed?.ok ? parsed.slots : schedule.slots,
        });
      }
      return {
        json: schedule,
        text: `${workspace} · account ${profileId}: ${timesText(schedule.zone, schedule.slots)}`,
      };
    },
  }),
  defineCommand({
    name: 'queue',
    options: [optional('workspace', 'SLUG'), optional('days', 'N', { check: wholeNumber('days') })],
    help: [
      "Each account's posting slots in the coming days (7 unless --days) and what fills",
      'them, in its own zone (every workspace unless one is given).',
    ],
    async run({ core, values }) {
      const days = values.days === undefined ? DEFAULT_DAYS : Number(values.days);
      const slugs =
        values.workspace !== undefined
          ? [values.workspace]
          : (await call(core, 'workspaces.list', undefined)).flatMap((w) =>
              w.slug === null || w.access !== 'ok' ? [] : [w.slug],
            );
      const queues = [];
      for (const workspace of slugs) {
        const view = await call(core, 'planning.queue', { workspace, days });
        queues.push({ workspace, accounts: view.accounts, unplaced: view.unplaced });
      }
      const text = queues.flatMap((q) => [
        queueText(q.accounts, days),
        ...q.unplaced.map(
          (i) =>
            `${q.workspace} · ${platformField(platformName(i.platform))} · account not known yet  ${i.at ?? ''}  ${i.variantId}  ${cell(i.postTitle)}`,
        ),
      ]);
      return { json: queues, text: text.filter((t) => t !== '').join('\n') };
    },
  }),
  defineCommand({
    name: 'queue add',
    options: [required('variant', 'ID')],
    help: ["Schedule a variant at its account's next free posting slot; prints the time."],
    async run({ core, values }) {
      const result = await call(core, 'planning.addToQueue', { variantIds: [values.variant] });
      const refused = result.refused[0];
      // A variant that is not there is said as every other command says it (not_found).
      if (refused?.reason === REFUSALS.gone)
        throw new CommandFailed('not_found', NOT_FOUND.variant(values.variant));
      // The core's words carry instants: written here in this machine's zone, as call() does.
      if (refused) throw new CommandFailed('invalid_state', showInstants(refused.reason));
      const placed = result.scheduled[0]!;
      return {
        json: placed,
        text: placed.signOffExpected ? `${placed.scheduledAt}\n${SIGN_OFF}` : placed.scheduledAt,
      };
    },
  }),
];

// The pieces the commands' payload schemas are made of (each command's own schema is declared
// with it, in its feature's commands.ts): strict objects, ids, texts made well-formed, times
// with a zone, identifiers without invisible characters.
import { z } from 'zod';
import { identifierProblem, wellFormed } from '@preload/invisible';

/** No payload: nothing, null or an empty object. */
export const none = z.union([z.undefined(), z.null(), z.strictObject({})]).transform((): void => undefined);
export const id = z.string().min(1, 'must not be empty').max(200);
// A lone surrogate cannot be stored as UTF-8: it becomes U+FFFD here, before anything keeps it.
export const text = (max: number) =>
  z.string().max(max, `must be at most ${max} characters`).transform(wellFormed);
/** Identifiers (platform, slug): no bidi overrides, zero-width or control characters. */
export const noInvisible = (s: string, ctx: z.core.$RefinementCtx<string>) => {
  const problem = identifierProblem(s);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
};
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

/**
 * An instant as the service writes them, of a day and an hour that exist. `Date.parse` rolls
 * 30 February over into March and 24:00 into the next day; a time typed wrong would then go
 * out on a day nobody typed, where the service itself refuses such a day.
 */
export function isRealTime(s: string): boolean {
  const m = ISO_TIME.exec(s);
  if (m === null) return false;
  const [year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = m.slice(1);
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return (
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHours) <= 23 &&
    Number(offsetMinutes) <= 59 &&
    !Number.isNaN(Date.parse(s))
  );
}

/** What an instant must be, as a refusal says it after the field's name. */
export const ISO_TIME_RULE =
  'must be an ISO 8601 timestamp with a time zone, of a day that exists (e.g. 2030-01-01T09:00:00Z)';
export const isoTime = z.string().refine(isRealTime, { message: ISO_TIME_RULE });
export const slug = z.string().min(1, 'must not be empty').max(200).superRefine(noInvisible);
export const platform = z.string().trim().min(1, 'must not be empty').max(100).superRefine(noInvisible);
/** A social profile's id. */
export const profileId = id.superRefine(noInvisible);
export const account = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('default') }),
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('profile'), profileId }),
]);
/** The items of a command over many: at least one, each once. */
export const ids = z
  .array(id)
  .min(1, 'must name at least one item')
  .max(100_000)
  .transform((list) => [...new Set(list)]);

/** A readable sentence naming the field(s) at fault. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
      return `${path === '' ? 'payload' : path}: ${issue.message}`;
    })
    .join('; ');
}

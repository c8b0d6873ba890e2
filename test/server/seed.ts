import type { SandboxDb, StatusKey } from './db';
import { formatSeedId, newToken, type IdFormat } from './service';

/**
 * Seed data. Tests import these names instead of guessing: `SEED` holds the ids of the default
 * (numeric) id format; `fixtures('uuid')` gives the same rows' ids in the UUID format, and every
 * sandbox handle carries the set matching its own format as `handle.fixtures`.
 */
const PROFILE_PKS = {
  /** X, active, the platform's default account. */
  xDefault: 101,
  /** X, active, a second account that is not the default. */
  xSecond: 102,
  /** LinkedIn, active, default. */
  linkedin: 103,
  /** Mastodon's only account, inactive: Mastodon has no usable default. */
  mastodonInactive: 104,
  /** Bluesky, active, default, on a channel that requires sign-off. */
  blueskySignOff: 105,
  /** Instagram, active, but a listening profile (type 'listening'), not a scheduling one. */
  instagramListening: 106,
  /** Threads, active, not marked default: Threads has an account but no default. */
  threadsNoDefault: 107,
  /** The second workspace's X account. */
  secondWorkspaceX: 111,
  /** The foreign workspace's X account (caller is not a member). */
  foreignX: 121,
} as const;

const POST_PKS = {
  /** The caller's post with a draft X variant and a published LinkedIn variant. */
  launch: 201,
  /** The caller's post with no variants. */
  tips: 202,
  /** Another member's post, shared with the workspace: visible. */
  otherShared: 203,
  /** Another member's private post: must never be visible to the caller, by list or by id. */
  otherPrivate: 204,
  /** A post in the caller's second workspace. */
  second: 211,
  /** A post in a workspace the caller is not a member of. */
  foreign: 221,
} as const;

const VARIANT_PKS = {
  launchX: 301,
  launchLinkedin: 302,
  otherPrivateX: 304,
} as const;

type Ids<T> = { [K in keyof T]: string };

export interface Fixtures {
  caller: string;
  other: string;
  workspace: string;
  secondWorkspace: string;
  foreignWorkspace: string;
  profiles: Ids<typeof PROFILE_PKS>;
  posts: Ids<typeof POST_PKS>;
  variants: Ids<typeof VARIANT_PKS>;
  /** Skills in `workspace`: all of them, and those the caller can see (more than 200). */
  skillsTotal: number;
  skillsVisibleToCaller: number;
  /** Number of visible posts for the caller in `workspace` right after seeding. */
  postsVisibleToCaller: number;
}

const SKILLS_TOTAL = 230;
const isPrivateSkill = (index: number): boolean => index % 23 === 0;

function ids<T extends Record<string, number>>(pks: T, format: IdFormat): Ids<T> {
  return Object.fromEntries(
    Object.entries(pks).map(([key, pk]) => [key, formatSeedId(pk, format)]),
  ) as Ids<T>;
}

export function fixtures(format: IdFormat = 'numeric'): Fixtures {
  let privateSkills = 0;
  for (let i = 1; i <= SKILLS_TOTAL; i++) if (isPrivateSkill(i)) privateSkills++;
  return {
    caller: 'alice',
    other: 'bob',
    workspace: 'acme',
    secondWorkspace: 'side-project',
    foreignWorkspace: 'globex',
    profiles: ids(PROFILE_PKS, format),
    posts: ids(POST_PKS, format),
    variants: ids(VARIANT_PKS, format),
    skillsTotal: SKILLS_TOTAL,
    skillsVisibleToCaller: SKILLS_TOTAL - privateSkills,
    postsVisibleToCaller: 3,
  };
}

export const SEED: Fixtures = fixtures('numeric');

// --- writing seed rows ------------------------------------------------------------------------

interface ProfileSeed {
  pk: number;
  workspace: string;
  platform: string;
  name: string;
  handle: string;
  type?: string;
  active?: boolean;
  isDefault?: boolean;
  signOff?: boolean;
  channel?: string;
}

interface VariantSeed {
  pk: number;
  platform: string;
  content: string;
  profilePk: number | null;
  status?: StatusKey;
  scheduledAt?: string;
}

interface PostSeed {
  pk: number;
  workspace: string;
  owner: string;
  title: string;
  visibility?: 'workspace' | 'private';
  variants?: VariantSeed[];
}

class Seeder {
  constructor(
    private readonly db: SandboxDb,
    private readonly format: IdFormat,
    private readonly now: string,
  ) {}

  id(pk: number): string {
    return formatSeedId(pk, this.format);
  }

  user(name: string, displayName: string): string {
    this.db.q.insertUser.run(name, displayName);
    const token = newToken();
    this.db.q.insertToken.run(token, name, this.now);
    return token;
  }

  workspace(slug: string, name: string, members: Array<[string, string]>): void {
    this.db.q.insertWorkspace.run(slug, name, this.now);
    for (const [user, role] of members) this.db.q.insertMembership.run(slug, user, role);
  }

  profile(p: ProfileSeed): void {
    this.db.q.insertProfile.run({
      pk: p.pk,
      id: this.id(p.pk),
      workspace: p.workspace,
      platform: p.platform,
      name: p.name,
      handle: p.handle,
      type: p.type ?? 'scheduling',
      is_active: p.active === false ? 0 : 1,
      is_default: p.isDefault ? 1 : 0,
      requires_approval: p.signOff ? 1 : 0,
      channel_name: p.channel ?? `${p.platform} channel`,
    });
  }

  private activity(
    postPk: number,
    variantId: string | null,
    actor: string,
    action: string,
    detail: object,
  ): void {
    const pk = this.db.allocatePk();
    this.db.q.insertActivity.run({
      pk,
      id: this.format === 'numeric' ? String(pk) : formatSeedId(pk, 'uuid'),
      post_pk: postPk,
      variant_id: variantId,
      actor,
      action,
      detail: JSON.stringify(detail),
      created_at: this.now,
    });
  }

  post(p: PostSeed): void {
    this.db.q.insertPost.run({
      pk: p.pk,
      id: this.id(p.pk),
      workspace: p.workspace,
      owner: p.owner,
      title: p.title,
      visibility: p.visibility ?? 'workspace',
      created_at: this.now,
      updated_at: this.now,
    });
    this.activity(p.pk, null, p.owner, 'post.created', {
      title: p.title,
      visibility: p.visibility ?? 'workspace',
    });
    for (const v of p.variants ?? []) {
      const status = v.status ?? 'draft';
      const published = status === 'published';
      const profile = v.profilePk === null ? null : this.id(v.profilePk);
      this.db.q.insertVariant.run({
        pk: v.pk,
        id: this.id(v.pk),
        post_pk: p.pk,
        platform: v.platform,
        content: v.content,
        social_profile_id: profile,
        scheduled_at: v.scheduledAt ?? null,
        status,
        platform_post_url: published
          ? `https://social.example/${v.platform}/seed/posts/${this.id(v.pk)}`
          : null,
        published_at: published ? this.now : null,
        created_at: this.now,
        updated_at: this.now,
      });
      this.activity(p.pk, this.id(v.pk), p.owner, 'variant.created', {
        platform: v.platform,
        social_profile_id: profile,
      });
      if (status === 'scheduled') {
        this.activity(p.pk, this.id(v.pk), p.owner, 'variant.scheduled', {
          scheduled_at: v.scheduledAt ?? null,
        });
      }
      if (status === 'needs_approval')
        this.activity(p.pk, this.id(v.pk), p.owner, 'variant.approval_requested', {});
      if (published) {
        this.db.q.logPublish.run(v.pk, this.now);
        this.activity(p.pk, this.id(v.pk), p.owner, 'variant.published', {});
      }
    }
  }

  skill(
    pk: number,
    workspace: string,
    owner: string,
    name: string,
    description: string,
    isPrivate: boolean,
  ): void {
    this.db.q.insertSkill.run({
      pk,
      id: this.id(pk),
      workspace,
      owner,
      name,
      description,
      visibility: isPrivate ? 'private' : 'workspace',
      created_at: this.now,
    });
  }
}

export type SeedKind = 'test' | 'demo' | 'none';

/** Fills an empty database; returns the caller's and another member's token. */
export function seedDatabase(
  db: SandboxDb,
  kind: SeedKind,
  format: IdFormat,
  now: Date,
): { token: string; otherToken: string; caller: string; other: string } {
  return db.transaction(() => {
    const s = new Seeder(db, format, now.toISOString());
    let result: { token: string; otherToken: string; caller: string; other: string };
    if (kind === 'demo') result = seedDemo(s, now);
    else result = seedTest(s, kind === 'none');
    db.q.setMeta.run('seeded', kind);
    db.q.setMeta.run('caller', result.caller);
    db.q.setMeta.run('other', result.other);
    db.q.setMeta.run('id_format', format);
    return result;
  });
}

function seedTest(
  s: Seeder,
  bare: boolean,
): { token: string; otherToken: string; caller: string; other: string } {
  const f = SEED;
  const token = s.user(f.caller, 'Alice Example');
  const otherToken = s.user(f.other, 'Bob Example');
  // 'none' still has the two users and one empty workspace, so a token and a slug exist.
  s.workspace(f.workspace, 'Acme Inc.', [
    [f.caller, 'member'],
    [f.other, 'member'],
  ]);
  if (bare) return { token, otherToken, caller: f.caller, other: f.other };
  s.workspace(f.secondWorkspace, 'Side Project', [[f.caller, 'owner']]);
  s.workspace(f.foreignWorkspace, 'Globex', [[f.other, 'owner']]);

  const P = PROFILE_PKS;
  const ws = f.workspace;
  s.profile({ pk: P.xDefault, workspace: ws, platform: 'x', name: 'Acme', handle: 'acme', isDefault: true });
  s.profile({ pk: P.xSecond, workspace: ws, platform: 'x', name: 'Acme Support', handle: 'acme_support' });
  s.profile({
    pk: P.linkedin,
    workspace: ws,
    platform: 'linkedin',
    name: 'Acme Inc.',
    handle: 'acme-inc',
    isDefault: true,
  });
  s.profile({
    pk: P.mastodonInactive,
    workspace: ws,
    platform: 'mastodon',
    name: 'Acme (Mastodon)',
    handle: 'acme@mastodon.example',
    active: false,
    isDefault: true,
  });
  s.profile({
    pk: P.blueskySignOff,
    workspace: ws,
    platform: 'bluesky',
    name: 'Acme on Bluesky',
    handle: 'acme.bsky.example',
    isDefault: true,
    signOff: true,
    channel: 'Brand review',
  });
  s.profile({
    pk: P.instagramListening,
    workspace: ws,
    platform: 'instagram',
    name: 'Acme mentions',
    handle: 'acme',
    type: 'listening',
    isDefault: true,
  });
  s.profile({
    pk: P.threadsNoDefault,
    workspace: ws,
    platform: 'threads',
    name: 'Acme Threads',
    handle: 'acme',
  });
  s.profile({
    pk: P.secondWorkspaceX,
    workspace: f.secondWorkspace,
    platform: 'x',
    name: 'Side',
    handle: 'side',
    isDefault: true,
  });
  s.profile({
    pk: P.foreignX,
    workspace: f.foreignWorkspace,
    platform: 'x',
    name: 'Globex',
    handle: 'globex',
    isDefault: true,
  });

  const T = POST_PKS;
  const V = VARIANT_PKS;
  s.post({
    pk: T.launch,
    workspace: ws,
    owner: f.caller,
    title: 'Launch announcement',
    variants: [
      { pk: V.launchX, platform: 'x', content: 'We are live! 🚀', profilePk: P.xDefault },
      {
        pk: V.launchLinkedin,
        platform: 'linkedin',
        content: 'Today we launch our new product.',
        profilePk: P.linkedin,
        status: 'published',
      },
    ],
  });
  s.post({ pk: T.tips, workspace: ws, owner: f.caller, title: 'Weekly tips' });
  s.post({ pk: T.otherShared, workspace: ws, owner: f.other, title: 'Team update' });
  s.post({
    pk: T.otherPrivate,
    workspace: ws,
    owner: f.other,
    title: "Bob's private draft",
    visibility: 'private',
    variants: [{ pk: V.otherPrivateX, platform: 'x', content: 'secret', profilePk: P.xDefault }],
  });
  s.post({ pk: T.second, workspace: f.secondWorkspace, owner: f.caller, title: 'Side project teaser' });
  s.post({ pk: T.foreign, workspace: f.foreignWorkspace, owner: f.other, title: 'Globex roadmap' });

  for (let i = 1; i <= SKILLS_TOTAL; i++) {
    const priv = isPrivateSkill(i);
    s.skill(1000 + i, ws, priv ? f.other : f.caller, `Skill ${i}`, `Writing skill number ${i}`, priv);
  }
  s.skill(1401, f.secondWorkspace, f.caller, 'Side voice', 'Casual tone for the side project', false);
  return { token, otherToken, caller: f.caller, other: f.other };
}

function seedDemo(
  s: Seeder,
  now: Date,
): { token: string; otherToken: string; caller: string; other: string } {
  const token = s.user('you', 'You');
  const otherToken = s.user('sam', 'Sam Rivera');
  const ws = 'northwind-coffee';
  s.workspace(ws, 'Northwind Coffee', [
    ['you', 'member'],
    ['sam', 'admin'],
  ]);
  s.workspace('lumen-studio', 'Lumen Studio', [['you', 'owner']]);
  s.profile({
    pk: 101,
    workspace: ws,
    platform: 'x',
    name: 'Northwind Coffee',
    handle: 'northwindcoffee',
    isDefault: true,
  });
  s.profile({ pk: 102, workspace: ws, platform: 'x', name: 'Northwind Jobs', handle: 'northwind_jobs' });
  s.profile({
    pk: 103,
    workspace: ws,
    platform: 'linkedin',
    name: 'Northwind Coffee Co.',
    handle: 'northwind-coffee',
    isDefault: true,
  });
  s.profile({
    pk: 104,
    workspace: ws,
    platform: 'bluesky',
    name: 'Northwind on Bluesky',
    handle: 'northwind.bsky.social',
    isDefault: true,
    signOff: true,
    channel: 'Brand review',
  });
  s.profile({
    pk: 105,
    workspace: ws,
    platform: 'mastodon',
    name: 'Northwind (Mastodon)',
    handle: 'northwind@mastodon.social',
    active: false,
    isDefault: true,
  });
  s.profile({
    pk: 106,
    workspace: ws,
    platform: 'instagram',
    name: 'Northwind Coffee',
    handle: 'northwind.coffee',
    isDefault: true,
  });
  s.profile({
    pk: 111,
    workspace: 'lumen-studio',
    platform: 'threads',
    name: 'Lumen Studio',
    handle: 'lumen.studio',
    isDefault: true,
  });
  s.profile({
    pk: 112,
    workspace: 'lumen-studio',
    platform: 'linkedin',
    name: 'Lumen Studio',
    handle: 'lumen-studio',
    isDefault: true,
  });

  const tomorrow = new Date(now.getTime() + 24 * 3600_000);
  tomorrow.setUTCHours(9, 0, 0, 0);
  s.post({
    pk: 201,
    workspace: ws,
    owner: 'you',
    title: 'Autumn blend launch',
    variants: [
      {
        pk: 301,
        platform: 'x',
        content: 'Our Autumn Blend is back: cinnamon, cocoa, and a hint of orange. ☕🍂',
        profilePk: 101,
        status: 'scheduled',
        scheduledAt: tomorrow.toISOString(),
      },
      {
        pk: 302,
        platform: 'linkedin',
        content:
          'After six months of sourcing trips, our Autumn Blend returns to every Northwind café this week.',
        profilePk: 103,
      },
      {
        pk: 303,
        platform: 'bluesky',
        content: 'Autumn Blend is back! Which café will you try it at first?',
        profilePk: 104,
        status: 'needs_approval',
      },
    ],
  });
  s.post({
    pk: 202,
    workspace: ws,
    owner: 'you',
    title: 'Barista of the month',
    variants: [
      {
        pk: 304,
        platform: 'x',
        content: 'Meet Priya, our barista of the month! Her oat flat white is legendary.',
        profilePk: 101,
        status: 'published',
      },
    ],
  });
  s.post({
    pk: 203,
    workspace: ws,
    owner: 'sam',
    title: 'We are hiring: shift leads',
    variants: [
      {
        pk: 305,
        platform: 'x',
        content: 'We are hiring shift leads in Portland and Seattle.',
        profilePk: 102,
      },
    ],
  });
  s.post({ pk: 204, workspace: ws, owner: 'sam', title: 'Q4 pricing (internal)', visibility: 'private' });
  // Next week's plan, so the calendar shows a working week: Monday 00:00 UTC after today, plus
  // days and hours (UTC).
  const nextMonday = new Date(now.getTime());
  nextMonday.setUTCHours(0, 0, 0, 0);
  nextMonday.setUTCDate(nextMonday.getUTCDate() + ((8 - nextMonday.getUTCDay()) % 7 || 7));
  const nextWeek = (day: number, hour: number, minute = 0): string =>
    new Date(nextMonday.getTime() + ((day * 24 + hour) * 60 + minute) * 60_000).toISOString();
  const plans: Array<[number, string, Array<[number, 'x' | 'linkedin', string, string]>]> = [
    [
      221,
      'Cold brew season opens',
      [
        [321, 'x', 'Cold brew is back on tap in every café from today. 🧊', nextWeek(0, 7)],
        [
          322,
          'linkedin',
          'Cold brew season starts today: slow-steeped for 18 hours, served over ice.',
          nextWeek(0, 9),
        ],
      ],
    ],
    [
      222,
      'Latte art workshop',
      [[323, 'x', 'Latte art workshop on Saturday, 10:00. Six seats left.', nextWeek(1, 11, 30)]],
    ],
    [
      223,
      'New single origin: Huila, Colombia',
      [
        [
          324,
          'x',
          'New on the bar: Huila, Colombia. Red apple, panela, a long sweet finish.',
          nextWeek(2, 8),
        ],
        [
          325,
          'linkedin',
          'Meet our newest single origin, grown by the Ortiz family in Huila.',
          nextWeek(2, 12),
        ],
      ],
    ],
    [
      224,
      'Community cupping night',
      [[326, 'x', 'Cupping night, Thursday 18:00: five coffees, one table.', nextWeek(3, 16)]],
    ],
    [
      225,
      'Weekend opening hours',
      [[327, 'x', 'This weekend we open at 8 and close at 6.', nextWeek(4, 9, 30)]],
    ],
    [
      226,
      'Meet the roasters',
      [[328, 'linkedin', 'Behind every cup: a morning with our roasting team.', nextWeek(4, 13)]],
    ],
  ];
  for (const [pk, title, variants] of plans)
    s.post({
      pk,
      workspace: ws,
      owner: 'you',
      title,
      variants: variants.map(([vpk, platform, content, scheduledAt]) => ({
        pk: vpk,
        platform,
        content,
        profilePk: platform === 'x' ? 101 : 103,
        status: 'scheduled',
        scheduledAt,
      })),
    });
  s.post({
    pk: 211,
    workspace: 'lumen-studio',
    owner: 'you',
    title: 'Portfolio refresh',
    variants: [
      {
        pk: 311,
        platform: 'threads',
        content: 'New work is up: three brand identities from this spring.',
        profilePk: null,
      },
    ],
  });

  const skills: Array<[string, string]> = [
    ['Friendly barista voice', 'Warm, short sentences; one emoji at most.'],
    ['LinkedIn long-form', 'Open with a hook, three short paragraphs, end with a question.'],
    ['Hashtag discipline', 'At most two hashtags, never in the middle of a sentence.'],
    ['Event announcement', 'What, where, when, and one reason to come.'],
    ['Hiring post', 'Role, location, one perk, link to apply.'],
    ['Product launch', 'Name, the single best detail, availability.'],
    ['Seasonal menu', 'Sensory words, limited-time framing.'],
    ['Customer spotlight', 'Quote first, then the story.'],
    ['Behind the scenes', 'Show the process, credit the team.'],
    ['Thread starter', 'A numbered first line that promises a list.'],
    ['Alt text helper', 'Describe images plainly for screen readers.'],
    ['Apology template', 'Own it, fix it, say when.'],
  ];
  skills.forEach(([name, description], index) => s.skill(1001 + index, ws, 'you', name, description, false));
  return { token, otherToken, caller: 'you', other: 'sam' };
}

// Fills a sandbox database file directly (not through 20,000 HTTP calls) before the sandbox
// process opens it. Rows go through the sandbox's own prepared statements and pk allocator,
// so the service sees them exactly as if they had been created over HTTP.
import { SandboxDb } from '../../server/db';
import { SEED, seedDatabase } from '../../server/seed';

export interface BulkSeed {
  /** Extra posts in the caller's main workspace. */
  posts: number;
  /** Draft variants per extra post (X on the default account, LinkedIn). */
  variantsPerPost: number;
  /** How many of those variants are scheduled (far in the future) instead of draft. */
  scheduled?: number;
  /** How many are waiting for sign-off (on the Bluesky channel that requires it). */
  needsApproval?: number;
  /** When the scheduled ones are due; default: 30 days after `now`. */
  scheduledAt?: Date;
  now?: Date;
}

export interface SeedResult {
  file: string;
  workspace: string;
  postsAdded: number;
  variantsAdded: number;
}

export function seedSandboxFile(file: string, options: BulkSeed): SeedResult {
  const db = new SandboxDb(file);
  const now = (options.now ?? new Date()).toISOString();
  const due = (options.scheduledAt ?? new Date(Date.parse(now) + 30 * 24 * 3600_000)).toISOString();
  const ws = SEED.workspace;
  let variants = 0;
  try {
    seedDatabase(db, 'test', 'numeric', new Date(now));
    const insert = db.sqlite.transaction(() => {
      let scheduledLeft = options.scheduled ?? 0;
      let approvalLeft = options.needsApproval ?? 0;
      for (let i = 1; i <= options.posts; i++) {
        const postPk = db.allocatePk();
        db.q.insertPost.run({
          pk: postPk,
          id: String(postPk),
          workspace: ws,
          owner: SEED.caller,
          title: `Bench post ${i}: notes on shipping, week ${1 + (i % 52)}`,
          visibility: 'workspace',
          created_at: now,
          updated_at: now,
        });
        for (let v = 0; v < options.variantsPerPost; v++) {
          const pk = db.allocatePk();
          let platform = v % 2 === 0 ? 'x' : 'linkedin';
          let profile = v % 2 === 0 ? SEED.profiles.xDefault : SEED.profiles.linkedin;
          let status: 'draft' | 'scheduled' | 'needs_approval' = 'draft';
          let scheduledAt: string | null = null;
          if (approvalLeft > 0) {
            approvalLeft--;
            platform = 'bluesky';
            profile = SEED.profiles.blueskySignOff;
            status = 'needs_approval';
          } else if (scheduledLeft > 0) {
            scheduledLeft--;
            status = 'scheduled';
            scheduledAt = due;
          }
          db.q.insertVariant.run({
            pk,
            id: String(pk),
            post_pk: postPk,
            platform,
            content: `Variant ${v + 1} of bench post ${i}. Shipping notes, links and a question for readers.`,
            social_profile_id: profile,
            scheduled_at: scheduledAt,
            status,
            platform_post_url: null,
            published_at: null,
            created_at: now,
            updated_at: now,
          });
          variants++;
        }
      }
    });
    insert();
  } finally {
    db.close();
  }
  return { file, workspace: ws, postsAdded: options.posts, variantsAdded: variants };
}

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, Stats } from './app';
import { SandboxClock } from './clock';
import { ControlSurface } from './control';
import { SandboxDb, type PostRow, type VariantRow } from './db';
import { FaultInjector, type FaultKind, type FaultRule } from './faults';
import type { ErrorShape } from './http-util';
import type { MiddlemanSwitches } from './middlemen';
import { fixtures, seedDatabase, type Fixtures } from './seed';
import {
  SandboxService,
  type IdFormat,
  type PatchPublished,
  type PostOrder,
  type StatusStrings,
  type WorkspaceAccess,
} from './service';

export type { FaultRule } from './faults';
export type { PatchPublished, WorkspaceAccess } from './service';
export { SEED, fixtures, type Fixtures } from './seed';

export interface SandboxOptions {
  /** 0 (default) = a random free port on 127.0.0.1. */
  port?: number;
  /** SQLite file; default ':memory:'. An existing file keeps its data (it is seeded only once). */
  dataFile?: string;
  /** The HTTP control surface under /_control/ (default false). */
  control?: boolean;
  /** The control surface's key (header X-Control-Key); random when not given. */
  controlKey?: string;
  seed?: 'test' | 'demo' | 'none';
  statusStrings?: StatusStrings;
  errorShape?: ErrorShape;
  idFormat?: IdFormat;
  /**
   * The JSON type of ids in answers (default 'string'). 'number' (numeric ids only) answers ids as
   * JSON numbers and also accepts social_profile_id as a number, to prove a client normalizes ids.
   */
  idType?: 'string' | 'number';
  /** The clock only moves via handle.clock (or the control surface). */
  manualClock?: boolean;
  startTime?: Date;
  /** Real-time scheduler tick (default 1000 ms); with manualClock the scheduler runs on clock moves. */
  schedulerIntervalMs?: number;
  /**
   * A PATCH of a published variant's content: 'refuse' (default, 409) or 'accept' (a lax service
   * that overwrites published content). Also settable at run time.
   */
  patchPublished?: PatchPublished;
  /** The posts list's order: newest first (default) or oldest first. The spec promises none. */
  postOrder?: PostOrder;
}

export interface SandboxHandle {
  baseUrl: string;
  token: string;
  otherToken: string;
  /** The seeded ids in this sandbox's id format. */
  fixtures: Fixtures;
  /** For X-Control-Key when `control: true`. */
  controlKey: string;
  clock: { now(): Date; advance(ms: number): Promise<void>; set(date: Date): Promise<void> };
  runScheduler(): number;
  releaseApproval(variantId: string): void;
  /** A title change made in the first-party app (no API endpoint renames a post). */
  renamePost(postId: string, title: string): void;
  /** A deletion made in the first-party app (the API shows none): the post and its variants go. */
  deletePost(postId: string): void;
  /**
   * The posts the listing leaves out from now (replacing the last set; empty: none), while GET
   * by id still answers them, as a listing whose rows shifted between its pages would.
   */
  setListingMisses(postIds: readonly string[]): void;
  mintToken(user?: string): string;
  revokeToken(token: string): void;
  /**
   * Takes a workspace away from one member, or gives it back: `forbidden` answers 403 on its
   * routes while it is still listed, `not_found` 404 and unlisted, `ok` as before (data intact).
   */
  setWorkspaceAccess(slug: string, user: string, access: WorkspaceAccess): void;
  /** Someone (default: bob) publishes the variant now in the service's own app. */
  publishAs(variantId: string, user?: string): void;
  /** A channel's sign-off turned on or off in the service's own app, for the account's publishes from now. */
  setSignOff(profileId: string, required: boolean): void;
  /** The `patchPublished` switch, changed at run time. */
  setPatchPublished(mode: PatchPublished): void;
  /** An escaping service and a caching proxy in front of it (middlemen.ts), switched at run time. */
  setMiddlemen(switches: Partial<MiddlemanSwitches>): MiddlemanSwitches;
  /** Creates the caching proxy answered from its cache (the service never saw them). */
  readonly proxyCacheHits: number;
  faults: {
    add(rule: FaultRule): string;
    remove(id: string): void;
    clear(): void;
    setSeed(seed: number): void;
    readonly injected: number;
    /** Firings per fault kind. */
    injectedByKind(): Partial<Record<FaultKind, number>>;
  };
  stats: {
    readonly requests: number;
    byRoute(): Record<string, number>;
    /** Requests by the token they carried, valid or not. */
    byToken(): Record<string, number>;
    /**
     * Create requests (a post's title, a variant's content, as sent) that reached the service's
     * handling or the caching proxy: a fault that refuses before handling is not one.
     */
    creates(): Array<{ kind: 'post' | 'variant'; text: string }>;
    reset(): void;
  };
  inspect: {
    posts(slug?: string): Array<{ id: string; title: string; workspace: string; owner: string }>;
    variants(postId?: string): Array<{
      id: string;
      postId: string;
      platform: string;
      content: string;
      social_profile_id: string | null;
      scheduled_at: string | null;
      status: string;
      platform_post_url: string | null;
    }>;
    publishCount(variantId: string): number;
    /** PATCH requests that reached the variant (any answer), since the sandbox started. */
    patchCount(variantId: string): number;
  };
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const db = new SandboxDb(options.dataFile ?? ':memory:');
  const manual = options.manualClock ?? false;
  const clock = new SandboxClock({ manual, ...(options.startTime ? { startTime: options.startTime } : {}) });

  // A file seeded earlier keeps its id format: mixing formats in one database would be a mess.
  const storedFormat = db.q.getMeta.get('id_format')?.value as IdFormat | undefined;
  const idFormat: IdFormat = storedFormat ?? options.idFormat ?? 'numeric';
  const service = new SandboxService(
    db,
    clock,
    options.statusStrings ?? { scheduled: 'scheduled', published: 'published' },
    idFormat,
    idFormat === 'numeric' && options.idType === 'number',
  );
  service.patchPublished = options.patchPublished ?? 'refuse';
  service.postOrder = options.postOrder ?? 'newest_first';

  let token: string;
  let otherToken: string;
  let caller: string;
  if (db.isEmpty()) {
    const seeded = seedDatabase(db, options.seed ?? 'test', idFormat, clock.now());
    ({ token, otherToken, caller } = seeded);
  } else {
    caller = db.q.getMeta.get('caller')?.value ?? 'alice';
    const stored = db.q.getMeta.get('other')?.value ?? 'bob';
    token = db.q.firstTokenOf.get(caller)?.token ?? service.mintToken(caller);
    otherToken = db.q.firstTokenOf.get(stored)?.token ?? service.mintToken(stored);
  }
  // Read after seeding: the member who publishes elsewhere and makes look-alikes.
  const other = db.q.getMeta.get('other')?.value ?? 'bob';

  const faults = new FaultInjector();
  const stats = new Stats();
  const controlKey = options.controlKey ?? `ctl_${randomBytes(18).toString('base64url')}`;
  const advance = (ms: number): number => {
    clock.advanceBy(ms);
    return service.runScheduler();
  };
  const setTo = (date: Date): number => {
    clock.setTo(date);
    return service.runScheduler();
  };
  const control = options.control
    ? new ControlSurface({
        service,
        faults,
        stats,
        key: controlKey,
        defaultUser: caller,
        otherUser: other,
        advance,
        set: setTo,
      })
    : null;

  const server = createServer(
    { keepAlive: true },
    createHandler({
      service,
      faults,
      stats,
      errorShape: options.errorShape ?? 'detail',
      control,
      otherUser: other,
    }),
  );
  // Longer than typical client pools keep idle sockets (undici: 4 s), so the server is not the
  // side that closes a socket the client is about to reuse.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 31_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  let timer: NodeJS.Timeout | null = null;
  if (!manual) {
    timer = setInterval(() => {
      try {
        service.runScheduler();
      } catch {
        // A failed tick (e.g. the database closing) is retried on the next one.
      }
    }, options.schedulerIntervalMs ?? 1000);
    timer.unref();
  }

  let closed = false;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    otherToken,
    fixtures: fixtures(idFormat),
    controlKey,
    clock: {
      now: () => clock.now(),
      advance: (ms) => {
        advance(ms);
        return Promise.resolve();
      },
      set: (date) => {
        setTo(date);
        return Promise.resolve();
      },
    },
    runScheduler: () => service.runScheduler(),
    renamePost: (postId, title) => service.renamePost(postId, title),
    deletePost: (postId) => service.deletePost(postId),
    setListingMisses: (postIds) => service.setListingMisses(postIds),
    releaseApproval: (variantId) => {
      service.releaseApproval(variantId);
    },
    mintToken: (user) => service.mintToken(user ?? caller),
    revokeToken: (t) => service.revokeToken(t),
    setWorkspaceAccess: (slug, user, access) => service.setWorkspaceAccess(slug, user, access),
    setSignOff: (profileId, required) => {
      db.q.setSignOff.run(required ? 1 : 0, profileId);
    },
    publishAs: (variantId, user) => {
      service.publishAs(variantId, user ?? other);
    },
    setPatchPublished: (mode) => {
      service.patchPublished = mode;
    },
    setMiddlemen: (switches) => service.middlemen.set(switches),
    get proxyCacheHits() {
      return service.middlemen.cacheHits;
    },
    faults: {
      add: (rule) => faults.add(rule),
      remove: (id) => faults.remove(id),
      clear: () => faults.clear(),
      setSeed: (seed) => faults.setSeed(seed),
      get injected() {
        return faults.injected;
      },
      injectedByKind: () => faults.injectedByKind(),
    },
    stats: {
      get requests() {
        return stats.requests;
      },
      byRoute: () => stats.byRoute(),
      byToken: () => stats.byToken(),
      creates: () => stats.creates(),
      reset: () => stats.reset(),
    },
    inspect: {
      posts: (slug) =>
        (slug === undefined ? db.q.allPosts.all() : db.q.postsIn.all(slug)).map((p) => ({
          id: p.id,
          title: p.title,
          workspace: p.workspace,
          owner: p.owner,
        })),
      variants: (postId) => {
        const toInspected = (v: VariantRow, post: PostRow | undefined) => ({
          id: v.id,
          postId: post?.id ?? '',
          platform: v.platform,
          content: v.content,
          social_profile_id: v.social_profile_id,
          scheduled_at: v.scheduled_at,
          status: service.statusString(v.status),
          platform_post_url: v.platform_post_url,
        });
        if (postId !== undefined) {
          const post = db.q.postById.get(postId);
          return post ? db.q.variantsOf.all(post.pk).map((v) => toInspected(v, post)) : [];
        }
        const posts = new Map(db.q.allPosts.all().map((p) => [p.pk, p]));
        return db.q.allVariants.all().map((v) => toInspected(v, posts.get(v.post_pk)));
      },
      publishCount: (variantId) => service.publishCount(variantId),
      patchCount: (variantId) => service.patchCount(variantId),
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}

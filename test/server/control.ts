import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultInjector, FaultRule } from './faults';
import { parseJson, readBody, sendJson } from './http-util';
import { parseSwitches } from './middlemen';
import { HttpError, type SandboxService, type WorkspaceAccess } from './service';
import type { Stats } from './app';

export interface ControlActions {
  service: SandboxService;
  faults: FaultInjector;
  stats: Stats;
  key: string;
  defaultUser: string;
  /** Who publishes elsewhere by default: bob in the test seed. */
  otherUser: string;
  advance(ms: number): number;
  set(date: Date): number;
}

/**
 * The control surface for tests and demos, under /_control/. It has its own key (header
 * `X-Control-Key`) so an API token can never move the clock or release approvals.
 */
export class ControlSurface {
  constructor(private readonly actions: ControlActions) {}

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    _query: URLSearchParams,
  ): Promise<void> {
    const a = this.actions;
    if (req.headers['x-control-key'] !== a.key) {
      req.resume();
      throw new HttpError(401, 'unauthorized', 'control surface: send the control key in X-Control-Key');
    }
    const body = method === 'GET' ? (req.resume(), undefined) : parseJson(await readBody(req));
    const obj = (body ?? {}) as Record<string, unknown>;
    if (typeof obj !== 'object' || Array.isArray(obj))
      throw new HttpError(400, 'invalid', 'body: expected a JSON object');
    const parts = path.split('/').filter((p) => p !== '');
    const route = `${method} /${parts.slice(1).join('/')}`;
    const answer = (value: unknown): void => sendJson(res, 200, value);

    switch (true) {
      case route === 'GET /':
        return answer({ now: a.service.clock.now().toISOString() });
      case route === 'GET /clock':
        return answer({ now: a.service.clock.now().toISOString() });
      case route === 'POST /clock': {
        let published: number;
        if (typeof obj.advance_ms === 'number' && Number.isFinite(obj.advance_ms) && obj.advance_ms >= 0) {
          published = a.advance(obj.advance_ms);
        } else if (typeof obj.set === 'string' && !Number.isNaN(Date.parse(obj.set))) {
          published = a.set(new Date(obj.set));
        } else {
          throw new HttpError(
            400,
            'invalid',
            'body: give advance_ms (a number >= 0) or set (an ISO timestamp)',
          );
        }
        return answer({ now: a.service.clock.now().toISOString(), scheduler_published: published });
      }
      case route === 'POST /scheduler/run':
        return answer({ published: a.service.runScheduler() });
      case parts.length === 4 && parts[1] === 'approvals' && parts[3] === 'release' && method === 'POST': {
        const variant = a.service.releaseApproval(decodeURIComponent(parts[2]!));
        const post = a.service.db.q.postByPk.get(variant.post_pk)!;
        return answer(a.service.variantJson(variant, post));
      }
      case route === 'POST /tokens': {
        const user = typeof obj.user === 'string' ? obj.user : a.defaultUser;
        if (!a.service.db.q.firstTokenOf.get(user) && !userExists(a.service, user)) {
          throw new HttpError(400, 'invalid', `user: unknown user '${user}'`);
        }
        return answer({ token: a.service.mintToken(user), user });
      }
      case route === 'POST /tokens/revoke': {
        if (typeof obj.token !== 'string') throw new HttpError(400, 'invalid', 'token: expected a string');
        a.service.revokeToken(obj.token);
        return answer({ revoked: true });
      }
      case route === 'GET /faults':
        return answer({
          faults: a.faults.list().map(serializeFault),
          injected: a.faults.injected,
          injected_by_kind: a.faults.injectedByKind(),
        });
      case route === 'POST /faults': {
        const rule = { ...obj } as unknown as FaultRule & { path_regex?: string };
        if (rule.method !== undefined && typeof rule.method !== 'string')
          throw new HttpError(400, 'invalid', 'method: expected a string');
        if (rule.path !== undefined && typeof rule.path !== 'string')
          throw new HttpError(400, 'invalid', 'path: expected a string pattern (or use path_regex)');
        if (rule.path_regex !== undefined) {
          if (typeof rule.path_regex !== 'string')
            throw new HttpError(400, 'invalid', 'path_regex: expected a string');
          try {
            rule.path = new RegExp(rule.path_regex);
          } catch (error) {
            throw new HttpError(400, 'invalid', `path_regex: ${(error as Error).message}`);
          }
        }
        delete rule.path_regex;
        try {
          return answer({ id: a.faults.add(rule) });
        } catch (error) {
          throw new HttpError(400, 'invalid', (error as Error).message);
        }
      }
      case route === 'DELETE /faults':
        a.faults.clear();
        return answer({ cleared: true });
      case route === 'POST /faults/seed':
        if (typeof obj.seed !== 'number') throw new HttpError(400, 'invalid', 'seed: expected a number');
        a.faults.setSeed(obj.seed);
        return answer({ seed: obj.seed });
      case parts.length === 3 && parts[1] === 'faults' && method === 'DELETE':
        a.faults.remove(decodeURIComponent(parts[2]!));
        return answer({ removed: true });
      case route === 'GET /stats':
        return answer({
          requests: a.stats.requests,
          by_route: a.stats.byRoute(),
          faults_injected: a.faults.injected,
        });
      case route === 'POST /stats/reset':
        a.stats.reset();
        return answer({ reset: true });
      case parts.length === 4 && parts[1] === 'inspect' && parts[2] === 'variants' && method === 'GET': {
        const id = decodeURIComponent(parts[3]!);
        const variant = a.service.db.q.variantById.get(id);
        if (!variant) throw new HttpError(404, 'not_found', `variant '${id}' not found`);
        const post = a.service.db.q.postByPk.get(variant.post_pk)!;
        return answer({
          ...a.service.variantJson(variant, post),
          owner: post.owner,
          publish_count: a.service.publishCount(id),
          patch_count: a.service.patchCount(id),
        });
      }
      case parts.length === 4 && parts[1] === 'inspect' && parts[2] === 'posts' && method === 'GET': {
        const id = decodeURIComponent(parts[3]!);
        const post = a.service.db.q.postById.get(id);
        if (!post) throw new HttpError(404, 'not_found', `post '${id}' not found`);
        return answer({ ...a.service.postJson(post), workspace: post.workspace });
      }
      case parts.length === 4 && parts[1] === 'workspaces' && parts[3] === 'access' && method === 'POST': {
        const slug = decodeURIComponent(parts[2]!);
        const user = typeof obj.user === 'string' ? obj.user : a.defaultUser;
        if (typeof obj.access !== 'string')
          throw new HttpError(400, 'invalid', 'access: expected ok, forbidden or not_found');
        a.service.setWorkspaceAccess(slug, user, obj.access as WorkspaceAccess);
        return answer({ slug, user, access: a.service.accessOf(slug, user) });
      }
      case parts.length === 4 && parts[1] === 'variants' && parts[3] === 'publish' && method === 'POST': {
        const id = decodeURIComponent(parts[2]!);
        const user = typeof obj.user === 'string' ? obj.user : a.otherUser;
        const variant = a.service.publishAs(id, user);
        const post = a.service.db.q.postByPk.get(variant.post_pk)!;
        return answer({ ...a.service.variantJson(variant, post), publish_count: a.service.publishCount(id) });
      }
      case route === 'POST /listing/misses': {
        const ids = obj.post_ids;
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' || typeof id === 'number'))
          throw new HttpError(400, 'invalid', 'post_ids: expected a list of post ids');
        const postIds = ids.map(String);
        a.service.setListingMisses(postIds);
        return answer({ post_ids: postIds });
      }
      case route === 'GET /switches':
        return answer({ patch_published: a.service.patchPublished, ...a.service.middlemen.switches });
      case route === 'POST /switches': {
        const middlemen = parseSwitches(obj);
        if (typeof middlemen === 'string') throw new HttpError(400, 'invalid', middlemen);
        if (
          obj.patch_published !== undefined &&
          obj.patch_published !== 'refuse' &&
          obj.patch_published !== 'accept'
        )
          throw new HttpError(400, 'invalid', 'patch_published: expected refuse or accept');
        if (obj.patch_published !== undefined) a.service.patchPublished = obj.patch_published;
        return answer({ patch_published: a.service.patchPublished, ...a.service.middlemen.set(middlemen) });
      }
      default:
        throw new HttpError(404, 'not_found', `no control route for ${method} ${path}`);
    }
  }
}

function userExists(service: SandboxService, user: string): boolean {
  return service.db.sqlite.prepare('SELECT 1 FROM users WHERE name = ?').get(user) !== undefined;
}

function serializeFault(entry: { id: string; rule: FaultRule; remaining: number | null }): unknown {
  const { path, ...rest } = entry.rule;
  return {
    id: entry.id,
    ...rest,
    ...(path instanceof RegExp ? { path_regex: path.source } : path !== undefined ? { path } : {}),
    remaining: entry.remaining,
  };
}

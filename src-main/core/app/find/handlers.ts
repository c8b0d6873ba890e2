// posts.list and posts.page: the list of posts, filtered, searched and sorted by the core
// (post-list.ts).
import type { AppContext } from '../app-context';
import type { Handlers } from '../handlers';
import { postList, postPage } from './post-list';

export function findHandlers(app: AppContext): Handlers<'posts.list' | 'posts.page'> {
  return {
    'posts.list': (p) => postList(app, p),
    'posts.page': (p) => postPage(app, p),
  };
}

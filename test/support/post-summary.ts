// A post's summary as the list shows it, for tests of the list and of what the core answers:
// a local draft of one X variant unless the test says otherwise.
import type { PostSummary } from '@preload/bridge';

export function postSummary(fields: Partial<PostSummary> & Pick<PostSummary, 'id'>): PostSummary {
  return {
    serverId: null,
    onService: false,
    workspace: 'acme',
    title: 'Post',
    platforms: ['x'],
    variants: [],
    state: 'draft',
    stateText: 'Draft (synced)',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...fields,
  };
}

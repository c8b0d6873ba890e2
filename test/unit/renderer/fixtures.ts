import type { VariantView } from '@preload/bridge';

/** A variant on the service as a draft, with the default account and text; `over` is what a test is about. */
export function variantView(over: Partial<VariantView> = {}): VariantView {
  return {
    id: 'v1',
    postId: 'p1',
    serverId: '12',
    platform: 'x',
    content: 'Hello',
    account: { kind: 'default' },
    serviceAccountId: null,
    scheduledAt: null,
    serviceStatus: 'draft',
    platformPostUrl: null,
    state: 'draft',
    stateText: 'Draft',
    error: null,
    // What the core answers for a synced draft with no time and nothing failed.
    actions: ['edit', 'schedule', 'unschedule', 'publish'],
    refusals: {},
    serviceState: 'draft',
    conflicts: [],
    publishUnknown: null,
    publishedElsewhere: null,
    unsentChange: null,
    signOffExpected: false,
    storedAs: null,
    updatedAt: '2030-01-01T00:00:00Z',
    ...over,
  };
}

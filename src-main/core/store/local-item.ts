// A post or variant made here: what its row holds before the service has seen it.

/** The columns of an item made here that the service has not seen yet. */
export function unsyncedColumns(now: string) {
  return {
    server_id: null,
    base: null,
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: now,
    updated_at: now,
  } as const;
}

/** A variant made here: the item's columns, and no time, status, link or read-back planned. */
export function unsentVariantColumns(now: string) {
  return {
    scheduled_at: null,
    status: null,
    platform_post_url: null,
    published_at: null,
    reconcile_at: null,
    reconcile_attempts: 0,
    ...unsyncedColumns(now),
  } as const;
}

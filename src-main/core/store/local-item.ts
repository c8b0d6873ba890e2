// A post or variant made here: what its row holds before the service has seen it.

/** The columns of an item made here that the service has not seen yet. */
export function unsyncedColumns(now: string) {
  return {
    server_id: null,
    base: null,
    raw: null,
    remote_state: 'active',
    conflict: null,
    error: null,
    created_at: now,
    updated_at: now,
  } as const;
}

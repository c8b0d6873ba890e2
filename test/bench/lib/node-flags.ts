// The Node/V8 flags Outpost's own Node processes start with (bin/outpost.mjs for the CLI,
// src-main/browser-host.ts for the browser host), so the bench measures what ships.
export const OUTPOST_NODE_FLAGS: readonly string[] = [];

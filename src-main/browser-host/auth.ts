// What opens the browser host's bridge, and how a page comes to hold it. No cookie carries any of
// it: browsers do not keep cookies apart by port, so every other server on 127.0.0.1 the browser
// visits would receive one, and could overwrite it.
//
//   launch token   random per launch; scripts send it as X-Outpost-Token. Never given to a page.
//   one-time code  in the printed address; the page trades it once (POST /bridge/session) for
//   session token  one per trade; the page keeps it in sessionStorage (its own origin, port
//                  included) and sends it as X-Outpost-Token
//   ticket         single use, short-lived, for the event stream (EventSource sends no headers);
//                  bought with a token over POST, so it is the only credential in a URL
//
// Secrets are stored as SHA-256 digests and looked up by the digest of what a request brings, so
// a lookup's timing says nothing about the secrets themselves.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TICKET_LIFETIME_MS = 30_000;

export interface HostAuth {
  /** The per-launch token, for scripts. */
  readonly token: string;
  /** A fresh one-time code for a page's address. */
  newCode(): string;
  /** Whether `code` is still waiting to be traded; spends nothing. */
  isLiveCode(code: string | null): boolean;
  /** Spends a code: the new session token, or null for a code used before or never given. */
  tradeCode(code: unknown): string | null;
  /** The launch token or a session token this host gave out. */
  accepts(credential: string | string[] | undefined): boolean;
  /** A ticket for one event stream, valid for a short while. */
  newTicket(): string;
  /** Spends a ticket: true at most once, and only before it expires. */
  redeemTicket(ticket: string | null): boolean;
}

export interface HostAuthOptions {
  /** Milliseconds since the epoch; tests move it to expire tickets. */
  now?: () => number;
  ticketLifetimeMs?: number;
}

/** Compares digests, so neither the content nor the length of the token leaks through timing. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  return timingSafeEqual(digest(expected), digest(given));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

const key = (value: string): string => digest(value).toString('base64');
const secret = (bytes: number): string => randomBytes(bytes).toString('base64url');

export function createHostAuth(options: HostAuthOptions = {}): HostAuth {
  const now = options.now ?? Date.now;
  const ticketLifetimeMs = options.ticketLifetimeMs ?? TICKET_LIFETIME_MS;
  const token = secret(32);
  const codes = new Set<string>();
  const sessions = new Set<string>();
  // Ticket digest -> when it stops working.
  const tickets = new Map<string, number>();

  function dropExpiredTickets(at: number): void {
    for (const [ticket, expires] of tickets) if (expires <= at) tickets.delete(ticket);
  }

  return {
    token,
    newCode() {
      const code = secret(24);
      codes.add(key(code));
      return code;
    },
    isLiveCode(code) {
      return typeof code === 'string' && code.length > 0 && codes.has(key(code));
    },
    tradeCode(code) {
      if (typeof code !== 'string' || code.length === 0 || !codes.delete(key(code))) return null;
      const session = secret(32);
      sessions.add(key(session));
      return session;
    },
    accepts(credential) {
      // A repeated header arrives as one joined string, which matches nothing.
      if (typeof credential !== 'string' || credential.length === 0) return false;
      return tokenMatches(token, credential) || sessions.has(key(credential));
    },
    newTicket() {
      const at = now();
      dropExpiredTickets(at);
      const ticket = secret(24);
      tickets.set(key(ticket), at + ticketLifetimeMs);
      return ticket;
    },
    redeemTicket(ticket) {
      if (ticket === null || ticket.length === 0) return false;
      const id = key(ticket);
      const expires = tickets.get(id);
      if (expires === undefined) return false;
      tickets.delete(id);
      return now() < expires;
    },
  };
}

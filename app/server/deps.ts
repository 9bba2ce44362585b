import type { Database } from "./db.server";
import type { SessionInfo } from "./session-user";

// What every operation of the domain is given (made from a request by operation.server.ts): the bindings,
// the database, a way to finish work after the answer, and who is asking from where. Types only, so any
// module can name them without importing the request context.

export interface Deps {
  env: Env;
  db: Database;
  waitUntil(promise: Promise<unknown>): void;
}

export interface Caller {
  session: SessionInfo | null;
  /** The origin the request was made to (scheme, host, port): the passkeys' relying party on localhost. */
  origin: string;
  /** The client's address, for per-address rate limits and account events. */
  address: string;
  userAgent: string | null;
  /** The country Cloudflare's edge places the client in, when it knows. */
  country: string | null;
  /** Cloudflare's id of the request (CF-Ray), to tie an account event to the edge's logs. */
  requestId: string | null;
}

import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { FRESH_MS } from "~/server/publishing/live-content.server";
import { freshStorage } from "./fresh-storage";

// The worker lane's setup. Its files share one workerd and so one instance of the built Worker (isolate:
// false, decision 178), whose memory outlives a file. Between two files:
// - the work the last file's requests left running (ctx.waitUntil: the audit sealer, mail hand-overs)
//   finishes first, so none of it writes into the next file's storage;
// - storage is emptied and migrated as in the domain lane;
// - the Worker's timeline of published content (read at most every FRESH_MS) is older than FRESH_MS
//   before the file's first request, so that request reads this file's D1, not the last file's versions.
// Everything else the Worker keeps is keyed by what a reset cannot repeat (a session's hash, a version's
// id and time, the build).
await waitForGlobalWaitUntil();
const lastRead = Date.now();
await freshStorage();
const left = FRESH_MS - (Date.now() - lastRead);
if (left > 0) await scheduler.wait(left + 1);

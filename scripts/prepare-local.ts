// Brings local state (.wrangler/state) up to date before `npm run dev` and `npm run preview`:
// applies D1 migrations and seeds local-only data. Safe to run any number of times.
import { LOCAL_STATE, wrangler } from "./local-state.ts";

wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", LOCAL_STATE], { quiet: true });
console.log("Local D1 migrated.");

// Brings local state up to date before `npm run dev` and `npm run preview`: applies D1 migrations
// and seeds local-only data (the demo admin). Safe to run any number of times.
import { DEMO_ADMIN, upsertAdminSql } from "./admin-account.ts";
import { LOCAL_STATE, localSql, wrangler } from "./local-state.ts";
import { seedLocalVideos } from "./seed-local-videos.ts";

wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", LOCAL_STATE], { quiet: true });
localSql(await upsertAdminSql(DEMO_ADMIN, { onlyIfMissing: true }));
seedLocalVideos();
console.log(`Local D1 migrated; demo admin ${DEMO_ADMIN.email} ready (${LOCAL_STATE}).`);

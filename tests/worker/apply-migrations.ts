import { applyD1Migrations, env, reset } from "cloudflare:test";

// Each test file starts from empty storage with the migrations applied, even where files share one workerd
// (the fast lane runs with `isolate: false`): nothing one file wrote is seen by the next.
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

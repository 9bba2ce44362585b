import { applyD1Migrations, env, reset } from "cloudflare:test";

/** Empty D1, KV and R2, then the migrations: what every test file starts from, whichever file ran before. */
export async function freshStorage(): Promise<void> {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
}

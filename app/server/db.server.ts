import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";

function connect(database: D1Database) {
  return drizzle(database, { schema });
}

export type Database = ReturnType<typeof connect>;

// Drizzle builds the schema's relational map on every `drizzle()`: once per binding is enough, and a page
// served from memory (published-pages.server.ts) asks for the database on every view.
const connections = new WeakMap<D1Database, Database>();

export function getDb(env: Env): Database {
  let db = connections.get(env.DB);
  if (!db) {
    db = connect(env.DB);
    connections.set(env.DB, db);
  }
  return db;
}

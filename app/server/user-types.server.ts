import { asc, eq } from "drizzle-orm";
import { userTypes } from "../../db/schema";
import type { Database } from "./db.server";

/** The user types people may choose, in id order (spec section 7, GET /api/user-types). */
export function listActiveUserTypes(db: Database) {
  return db
    .select({ id: userTypes.id, name: userTypes.name })
    .from(userTypes)
    .where(eq(userTypes.isActive, true))
    .orderBy(asc(userTypes.id));
}

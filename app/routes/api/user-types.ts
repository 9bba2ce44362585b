import { asc, eq } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { cloudflareContext } from "~/server/request-context.server";
import { userTypes } from "../../../db/schema";
import type { Route } from "./+types/user-types";

export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb(context.get(cloudflareContext).env);
  const rows = await db
    .select({ id: userTypes.id, name: userTypes.name })
    .from(userTypes)
    .where(eq(userTypes.isActive, true))
    .orderBy(asc(userTypes.id));
  return Response.json(rows, { headers: { "Cache-Control": "public, max-age=300" } });
}

import { listContent } from "~/server/delivery/content-api.server";
import { getOnly } from "~/server/http/json-api.server";
import type { Route } from "./+types/admin.content";

/** GET /api/admin/content: `[{ name, title, path, revision, publishedVersion, scheduledAt }]`. */
export const loader = getOnly((args: Route.LoaderArgs) => listContent(args));

import { contentVerbEndpoint } from "~/server/delivery/content-api.server";
import type { Route } from "./+types/admin.content.verb";

/**
 * GET /api/admin/content/{name}/versions: `[{ version, at, by }]`. POST …/publish `{ revision, at? }` →
 * `{ version, publishAt }`; …/rollback `{ version }`; …/cancel `{ version }`; …/preview-link → `{ url }`.
 */
export const loader = (args: Route.LoaderArgs) => contentVerbEndpoint(args);
export const action = (args: Route.ActionArgs) => contentVerbEndpoint(args);

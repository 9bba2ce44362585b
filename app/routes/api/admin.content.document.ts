import { contentDocumentEndpoint } from "~/server/delivery/content-api.server";
import type { Route } from "./+types/admin.content.document";

/**
 * GET /api/admin/content/{name}: `{ name, revision, data, published, scheduled }`; PUT with
 * `{ baseRevision, data }` saves a draft: 200 `{ revision }`, 409 `{ error, by, at }`, 400 `{ error, fieldErrors }`.
 */
export const loader = (args: Route.LoaderArgs) => contentDocumentEndpoint(args);
export const action = (args: Route.ActionArgs) => contentDocumentEndpoint(args);

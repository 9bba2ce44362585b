import { getOnly, methodNotAllowed } from "~/server/json-api.server";
import { cloudflareContext } from "~/server/request-context.server";
import { serveVideo } from "~/server/video-stream.server";
import type { Route } from "./+types/video";

// GET and HEAD both arrive here; the stream answers HEAD with the headers alone.
export const loader = getOnly(({ request, params, context }: Route.LoaderArgs) => {
  return serveVideo(request, context.get(cloudflareContext).env, params.name);
});

export function action() {
  return methodNotAllowed("GET, HEAD");
}

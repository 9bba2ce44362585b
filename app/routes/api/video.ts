import { serveVideo } from "~/server/delivery/video-stream.server";
import { getOnly, methodNotAllowed } from "~/server/http/json-api.server";
import { cloudflareContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/video";

// GET and HEAD both arrive here; the stream answers HEAD with the headers alone.
export const loader = getOnly(({ request, params, context }: Route.LoaderArgs) => {
  return serveVideo(request, context.get(cloudflareContext).env, params.name);
});

export function action() {
  return methodNotAllowed("GET, HEAD");
}

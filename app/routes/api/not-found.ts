import { jsonError } from "~/server/http/json-api.server";

// Every unknown path under /api/, whatever the method, answers the API's JSON shape.
const answer = () => jsonError(404, "There is no such API endpoint.");

export const loader = answer;
export const action = answer;

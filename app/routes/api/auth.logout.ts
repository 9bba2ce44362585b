import { logOut } from "~/server/accounts.server";
import { clearSessionCookie, readSessionToken } from "~/server/cookies.server";
import { jsonAction, postOnly } from "~/server/json-api.server";

export const action = jsonAction({
  readsBody: false,
  run: ({ deps, caller, request }) => logOut(deps, readSessionToken(request), caller),
  answer: (_value, request) =>
    Response.json({ ok: true }, { headers: { "Set-Cookie": clearSessionCookie(request) } }),
});

export const loader = postOnly;

import { clearSessionCookie, readSessionToken } from "~/server/http/cookies.server";
import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { logOut } from "~/server/sign-in/accounts.server";

export const action = jsonAction({
  readsBody: false,
  run: ({ deps, caller, request }) => logOut(deps, readSessionToken(request), caller),
  answer: (_value, request) =>
    Response.json({ ok: true }, { headers: { "Set-Cookie": clearSessionCookie(request) } }),
});

export const loader = postOnly;

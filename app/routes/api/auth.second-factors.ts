import { apiFailure, getOnly } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { securityOverview } from "~/server/second-factors/second-factor-enrolment.server";
import type { Route } from "./+types/auth.second-factors";

/** GET /api/auth/second-factors: the caller's authenticator app, passkeys and recovery codes left. */
export const loader = getOnly(async ({ request, context }: Route.LoaderArgs) => {
  const outcome = await securityOverview(depsOf(context), callerOf(context, request));
  if (outcome.kind !== "done") return apiFailure(outcome);
  const { factors, passkeys, pendingTotp } = outcome.value;
  return Response.json(
    { totp: factors.totp, pendingTotp, passkeys, recoveryCodesLeft: factors.recoveryCodesLeft },
    { headers: { "Cache-Control": "no-store" } },
  );
});

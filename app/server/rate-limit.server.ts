export type RateLimitedAction = "login" | "register" | "contact";

export const RETRY_AFTER_SECONDS = 60;

export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** Per-client-IP limit on the public forms (Workers Rate Limiting binding): true when allowed. */
export async function withinRateLimit(
  env: Env,
  action: RateLimitedAction,
  request: Request,
): Promise<boolean> {
  const { success } = await env.FORM_RATE_LIMITER.limit({ key: `${action}:${clientAddress(request)}` });
  return success;
}

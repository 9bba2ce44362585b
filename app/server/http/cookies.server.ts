import { SESSION_IDLE_SECONDS, SIGN_IN_TICKET_SECONDS } from "../identity/lifetimes";

// `__Host-session` (Secure, host-only) wherever the site runs on HTTPS; plain `session` only on
// http://localhost during development, where browsers refuse `__Host-` cookies from non-secure origins.
const SECURE_NAME = "__Host-session";
const LOCAL_NAME = "session";
const FLASH_NAME = "flash";

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null; // not percent-encoded text: not a cookie of ours
    }
  }
  return null;
}

function serialize(
  request: Request,
  name: string,
  value: string,
  maxAge: number,
  httpOnly = true,
  sameSite: "Lax" | "Strict" = "Lax",
): string {
  const secure = isSecure(request);
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    `SameSite=${sameSite}`,
    httpOnly ? "HttpOnly" : "",
    secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}

function sessionCookieName(request: Request): string {
  return isSecure(request) ? SECURE_NAME : LOCAL_NAME;
}

export function readSessionToken(request: Request): string | null {
  return readCookie(request, sessionCookieName(request));
}

export function sessionCookie(request: Request, token: string): string {
  return serialize(request, sessionCookieName(request), token, SESSION_IDLE_SECONDS);
}

/** Whether a response's headers already set (or clear) the session cookie, e.g. with a new token. */
export function setsSessionCookie(request: Request, headers: Headers): boolean {
  const prefix = `${sessionCookieName(request)}=`;
  return headers.getSetCookie().some((cookie) => cookie.startsWith(prefix));
}

export function clearSessionCookie(request: Request): string {
  return serialize(request, sessionCookieName(request), "", 0);
}

// The cookie a sign-in's second-step ticket is bound to (sign-in-tickets.server.ts): set with the ticket at
// the password step, for the ticket's life, and only ever sent back by the browser that gave the password.
// `__Host-` (Secure, this host only, Path=/) on HTTPS; Path=/ also reaches `/login.data`, the enhanced form's.
function signInTicketCookieName(request: Request): string {
  return isSecure(request) ? "__Host-sign-in" : "sign-in";
}

export function signInTicketCookie(request: Request, value: string): string {
  return serialize(request, signInTicketCookieName(request), value, SIGN_IN_TICKET_SECONDS, true, "Strict");
}

export function readSignInTicketCookie(request: Request): string | null {
  return readCookie(request, signInTicketCookieName(request));
}

export function clearSignInTicketCookie(request: Request): string {
  return serialize(request, signInTicketCookieName(request), "", 0, true, "Strict");
}

/** A one-shot message (a toast) carried across a redirect; no storage involved. */
export interface FlashMessage {
  title: string;
  description: string;
  variant?: "default" | "destructive";
}

export function flashCookie(request: Request, message: FlashMessage): string {
  return serialize(request, FLASH_NAME, JSON.stringify(message), 60);
}

export function readFlash(request: Request): FlashMessage | null {
  const raw = readCookie(request, FLASH_NAME);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<FlashMessage>;
    if (typeof value.title !== "string" || typeof value.description !== "string") return null;
    return {
      title: value.title,
      description: value.description,
      variant: value.variant === "destructive" ? "destructive" : "default",
    };
  } catch {
    return null;
  }
}

export function clearFlashCookie(request: Request): string {
  return serialize(request, FLASH_NAME, "", 0);
}

// Where the login sends a person after signing in: `?next=` names a path of ours, nothing that leaves the
// site (no scheme, no `//host`, no encoded characters).

/** The path `?next=` names, when it is one of our own plain paths; null otherwise. */
export function nextPath(raw: string | null | undefined): string | null {
  return raw && /^(\/[a-z0-9-]+)+$/.test(raw) ? raw : null;
}

/** The login that comes back to `pathname` (a page of ours) once the person has signed in. */
export function signInFirst(pathname: string): string {
  return nextPath(pathname) ? `/login?next=${pathname}` : "/login";
}

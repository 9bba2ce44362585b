// Texts that both the server and the pages show about accounts.

export const LOGIN_FAILED_MESSAGE = "Invalid credentials or account not approved";
export const REGISTERED_MESSAGE =
  "Your account has been created. Please wait for admin approval before you can log in.";
export const RESET_LINK_SENT_MESSAGE = "If an account exists for that address, we have sent a link.";
export const LINK_INVALID_MESSAGE = "This link is invalid or has expired.";

/** The toast of any account form over its rate limit. */
export const TOO_MANY_ATTEMPTS = {
  title: "Too many attempts",
  description: "Please wait a minute and try again.",
  variant: "destructive",
} as const;

/** The token of an emailed link (`?token=`), bounded; the operation checks it. */
export function linkTokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 100);
}

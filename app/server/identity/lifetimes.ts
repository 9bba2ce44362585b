// How long the credentials a browser holds live: the session and the second sign-in step's ticket. A leaf
// module, so the cookies (app/server/http) and the identity code both read it without importing each other.

/** A session ends after 10 days without use (its cookie's Max-Age too)… */
export const SESSION_IDLE_SECONDS = 10 * 24 * 60 * 60;
/** …and 30 days after it began, whatever its use. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;

/** How long a correct password waits for its second step (the ticket, and the cookie it is bound to). */
export const SIGN_IN_TICKET_SECONDS = 5 * 60;

import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";

// How the mail consumer paces and keys its deliveries; kept apart from the renderer so code that needs only
// these (tests, the outbox) never loads React.

/** wrangler.toml's `max_retries` of the mail consumer: a retry past it goes to the dead-letter queue. */
export const MAIL_MAX_RETRIES = 5;

const FIRST_RETRY_DELAY_SECONDS = 30;
const MAX_RETRY_DELAY_SECONDS = 60 * 60;

/** 30 s, 60 s, 120 s, … doubling with each attempt, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_SECONDS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_SECONDS);
}

/**
 * The idempotency key of one email: the event's id and the sha256 of the recipient's address (so a
 * delivery record never holds an address a person has since had erased).
 */
export function deliveryKey(eventId: string, to: string): string {
  return `${eventId}:${encodeHexLowerCase(sha256(new TextEncoder().encode(to)))}`;
}

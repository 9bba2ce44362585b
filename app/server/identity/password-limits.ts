// How many wrong passwords are allowed (password-limits.server.ts applies them; the emails quote them),
// docs/decisions/131-wrong-passwords-per-account-and-client.md and 132-confirm-its-you-ends-a-guessing-session.md.

export const PASSWORD_LIMITS = {
  /** Failed sign-ins of an account from one client (an IPv4 address or an IPv6 /64) that hold that client… */
  perClient: 10,
  /** …and failed sign-ins of an account from the clients of one IPv6 /48 that hold that whole network… */
  perNetwork: 30,
  /** …within this window. */
  clientWindowSeconds: 15 * 60,
  /** Failed sign-ins of an account from every client within the hour: then every client that failed is held. */
  perAccount: 100,
  accountWindowSeconds: 60 * 60,
  /** Wrong passwords at "Confirm it's you" and the account forms, since the last right one: the session ends. */
  confirmBeforeSignOut: 10,
} as const;

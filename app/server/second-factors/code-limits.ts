// How many wrong second-factor codes are allowed (code-lockout.server.ts applies them; the emails quote them):
// per account and client address five in 15 minutes, per account a hundred in a day (NIST SP 800-63B),
// for authenticator codes and recovery codes apart.

export const CODE_LIMITS = {
  perClient: 5,
  /** Per account and IPv6 /48 (every client in it), in the same window. */
  perNetwork: 15,
  clientWindowSeconds: 15 * 60,
  perAccount: 100,
  accountWindowSeconds: 24 * 60 * 60,
} as const;

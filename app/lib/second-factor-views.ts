// What /account/security shows of a person's second factors: the server builds these
// (second-factors/second-factor-enrolment.server.ts) and the page's sections draw them.

/** A passkey in the list. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** An authenticator app being set up: its key, shown once more only to a recent sign-in. */
export interface TotpEnrolment {
  /** The secret as an authenticator app takes it when typed (base32). */
  secret: string;
  uri: string;
  /** The QR code of `uri`, drawn on the server (no third party sees the secret). */
  qrSvg: string;
}

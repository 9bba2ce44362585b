import { Link } from "react-router";
import { AccountSection } from "~/components/account-sections";

// The sections of /account that post nothing: a summary of sign-in security, and the data download.

export interface SecuritySummary {
  hasSecondFactor: boolean;
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export function SecuritySummarySection({ security }: { security: SecuritySummary }) {
  return (
    <AccountSection id="security" title="Sign-in security">
      <p>
        {security.hasSecondFactor
          ? `Second factor on${security.totp ? ": an authenticator app" : ""}${security.passkeys > 0 ? `${security.totp ? " and" : ":"} ${security.passkeys === 1 ? "1 passkey" : `${security.passkeys} passkeys`}` : ""}. ${security.recoveryCodesLeft === 1 ? "1 recovery code left." : `${security.recoveryCodesLeft} recovery codes left.`}`
          : "No second factor. Add an authenticator app or a passkey so a stolen password is not enough to sign in."}
      </p>
      <p>
        <Link to="/account/security" className="font-semibold text-brand underline">
          Manage sign-in security
        </Link>
      </p>
    </AccountSection>
  );
}

/** A link to the conversations of the messages this account sent (decision 174). */
export function MessagesSection() {
  return (
    <AccountSection id="messages" title="Your messages">
      <p>
        The messages you sent while signed in, where each stands, and the team's replies. You can answer
        there.
      </p>
      <p>
        <Link to="/account/messages" className="font-semibold text-brand underline">
          See your messages
        </Link>
      </p>
    </AccountSection>
  );
}

export function DataSection() {
  return (
    <AccountSection id="data" title="Your data">
      <p>
        A copy of everything we hold about you, as a JSON file: your account, the contact messages sent from
        your address, the emails we sent you, your sessions and your account's events. The{" "}
        <a href="/privacy" className="font-semibold text-brand underline">
          privacy notice
        </a>{" "}
        explains each field.
      </p>
      <p>If you signed in more than 10 minutes ago, we ask you to confirm it's you first.</p>
      <a
        href="/account/data.json"
        className="inline-flex min-h-11 items-center justify-center rounded-full border border-line px-5 py-2 font-semibold text-ink hover:bg-surface-muted"
      >
        Download my data
      </a>
    </AccountSection>
  );
}

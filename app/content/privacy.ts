// The privacy notice (/privacy), written from what the code does: every field, place and period here is
// one the code stores, uses or applies. Change it with the code (docs/decisions/058 and 060).

export interface PrivacyTopic {
  id: string;
  title: string;
  paragraphs?: readonly string[];
  /** Label and explanation pairs, shown as a definition list. */
  items?: readonly (readonly [term: string, meaning: string])[];
}

export const privacyPage = {
  eyebrow: "Resources",
  title: "Privacy notice",
  lead: "What the FACETS website keeps about you, why, where and for how long, who sees it, and how to take a copy of it, correct it or erase it.",
  updated: "27 November 2026",
} as const;

export const privacyTopics: readonly PrivacyTopic[] = [
  {
    id: "who",
    title: "Who we are",
    paragraphs: [
      "FACETS, a DAO that offers insurance and finance products on Solana, runs this website and decides what it keeps: FACETS is the controller of your data. Cloudflare runs the servers and storage the site uses, on our instructions only: it is our processor.",
      "To reach us about your data, write through the contact page.",
    ],
  },
  {
    id: "what",
    title: "What we keep, and why",
    items: [
      [
        "Your account",
        "When you register: your email address, first and last name, company and phone (if you give them), area of interest, a scrypt hash of your password (never the password), whether your address is confirmed, and when the account was created, changed, approved or rejected, and by which administrator. We keep it to let you sign in and to decide whether to approve the account.",
      ],
      [
        "Your contact messages",
        "What the contact form sends: your name, email address, company and phone (if given), area of interest, message and, for a token enquiry, your preferred payment method (if given), with when it arrived and when an administrator marked it processed. We keep them to answer you; many are applications to buy tokens.",
      ],
      [
        "Your sessions",
        "While you are signed in: a random token in a cookie. We keep only its sha256, with an opaque id, when the session started, your browser's user agent and the country Cloudflare places you in, so you can see and end your sessions on My account. The session record also holds your first name and whether you are an administrator, to show the header.",
      ],
      [
        "Your second factors",
        "If you set them up: your authenticator app's secret, encrypted with a key only our server holds, and the 30-second step of the last code you used (so no code works twice); your ten recovery codes, kept only as their sha256, and when each was used; each passkey's name, public key, and when you added and last used it. A passkey's private key never leaves your device. While you sign in, a one-time challenge or ticket is kept for at most 5 minutes. We keep these to protect your account; you can remove them on Sign-in security.",
      ],
      [
        "Your account's events",
        "Each sign-in (succeeded or failed, and how: password, code, recovery code or passkey), sign-out and change to your account, with the time, who acted, the outcome, your IP address, user agent, country and Cloudflare's request id. Never a password, token or code. We keep them to protect your account and to show you your recent activity.",
      ],
      [
        "Links we email you",
        "Links to confirm an address, reset a password, change an address or see your data: we keep only the sha256 of each link's token, with its purpose, its expiry and when it was used. An address change also keeps the old and the new address until it expires.",
      ],
      [
        "Emails we send you",
        "A record of each email the site owes (its kind, which account or message it is about, when it was queued) and of each delivery (keyed by the sha256 of the address, not the address). We keep them so an email is sent once, and only once.",
      ],
      [
        "Failed sign-ins",
        "A count per account of failed sign-ins in the current window, to slow down password guessing.",
      ],
      [
        "What we do not keep",
        "No analytics, no advertising, no third-party scripts, no tracking cookies. Content pages load no JavaScript at all.",
      ],
    ],
  },
  {
    id: "cookies",
    title: "Cookies",
    items: [
      [
        "__Host-session",
        "Set when you sign in, removed when you sign out: HttpOnly, Secure, SameSite=Lax. It holds only the random session token.",
      ],
      [
        "flash",
        "A one-time notice (such as 'Password changed') carried across a redirect, deleted as soon as it is shown.",
      ],
    ],
    paragraphs: ["Both are strictly necessary for what you asked the site to do; we set no other cookie."],
  },
  {
    id: "where",
    title: "Where it is kept",
    items: [
      [
        "Cloudflare D1",
        "The database: accounts, contact messages, sessions, account events, links and email records.",
      ],
      ["Cloudflare Workers KV", "Session records, read on each page you view while signed in."],
      ["Cloudflare R2", "Only the films on the site; nothing about you."],
      [
        "Cloudflare Queues and Email Service",
        "An email waiting to be sent is a message on a queue naming the record it is about; Email Service delivers it.",
      ],
    ],
    paragraphs: [
      "Cloudflare may process this data in any country where it runs its network, under its data processing terms and the European Commission's standard contractual clauses.",
    ],
  },
  {
    id: "how-long",
    title: "How long we keep it",
    items: [
      [
        "Accounts and contact messages",
        "Until you delete them (My account) or ask us to erase them (below).",
      ],
      [
        "Sessions",
        "10 days without use, 30 days at most; the record of a session is deleted 30 days after it started.",
      ],
      ["Second factors", "Until you remove them, an administrator resets them, or the account is deleted."],
      ["Sign-in challenges and tickets", "Valid 5 minutes; deleted when used, or within a day once expired."],
      ["Account events", "One year, then deleted by a daily job."],
      ["Address confirmation links", "Valid 24 hours."],
      ["Password reset links", "Valid 30 minutes."],
      ["Address change, data request and second-factor set-up links", "Valid 1 hour."],
      [
        'An action waiting for "Confirm it\'s you"',
        "Usable 10 minutes, by the session that started it; deleted when it runs, when that session ends, or when a later one is stored.",
      ],
      ["Any spent or expired link", "Deleted a day after its expiry."],
      ["Email records and delivery records", "30 days after the email was queued or delivered."],
      ["Failed sign-in counts", "Until the next successful sign-in (the count starts again after an hour)."],
    ],
  },
  {
    id: "who-sees",
    title: "Who sees it",
    paragraphs: [
      "FACETS administrators see accounts and contact messages in the admin dashboard, to approve accounts and answer messages. They receive an email for each new account and each new message. You see your own account, sessions and events on My account. Nobody else sees your data; we do not sell or share it.",
    ],
  },
  {
    id: "rights",
    title: "Your rights, and how to use them",
    paragraphs: [
      "Wherever you live, you can do the following. In the EU and the UK these are your rights under the GDPR (Articles 15, 16, 17, 20 and 21); in South Africa under POPIA (sections 23 and 24).",
    ],
    items: [
      [
        "See what we hold, and take a copy",
        "Signed in: My account → Your data → Download my data. Without an account (you only sent messages, or your registration is pending or was rejected): the data request page below. Either way you get one JSON file, described under 'Your copy'.",
      ],
      [
        "Correct it",
        "My account → Profile for your name, company, phone and area of interest; Email address to move the account to another address. A contact message is corrected by sending another.",
      ],
      [
        "Erase it",
        "My account → Delete account (your password and the word DELETE), or 'Erase it' on the data request page. The account, its sessions, its links, any email still waiting for it and every contact message sent from its address are deleted at once, and an email confirms it. Only the account's events remain, naming the account by number, never by address, for the rest of their year, as our security record.",
      ],
      ["Object, or ask anything else", "Write to us through the contact page. We answer within a month."],
    ],
  },
  {
    id: "request",
    title: "Without an account",
    paragraphs: [
      "On the data request page, enter the address you wrote from or registered with. If we hold anything about it, we email it a link, valid for an hour, that opens two buttons: 'Download what you hold about me' and 'Erase it'. Every address gets the same answer on the page, and if we hold nothing, no email is sent and the address you typed is not kept.",
    ],
  },
  {
    id: "copy",
    title: "Your copy: the fields of the JSON file",
    paragraphs: [
      "The file is named facets-data-YYYY-MM-DD.json. It never holds a password hash, token or code.",
    ],
    items: [
      ["format", "Always 'facets-personal-data/1', the version of this description."],
      ["exportedAt", "When the copy was made (ISO 8601, UTC)."],
      ["email", "The address the copy is about."],
      [
        "account",
        "null without an account; otherwise id, email, firstName, lastName, company, phone, userTypeId, areaOfInterest (its name), status ('pending', 'approved', 'rejected' or 'deactivated'), emailConfirmedAt, createdAt, updatedAt, approvedAt and rejectedAt.",
      ],
      [
        "contactMessages",
        "Each message sent from the address: id, firstName, lastName, email, company, phone, userTypeId, message, paymentMethod ('BTC', 'SOL', 'USDT' or null), processed (true or false), processedAt and createdAt.",
      ],
      [
        "emails",
        "Each email we sent about the account or the address: subject, createdAt, and state: 'sent' (Email Service took it), 'queued' (on its way) or 'waiting' (not yet queued).",
      ],
      [
        "sessions",
        "Each active session: id, createdAt, lastSeenAt (when it was last used, to within an hour), userAgent and country.",
      ],
      [
        "accountEvents",
        "Each event of the account: at, action, outcome, byAnother (true when an administrator acted on your account; their ip, userAgent and country are theirs and left out), ip, userAgent and country.",
      ],
      [
        "secondFactors",
        "authenticatorApp (when it was turned on, or null), passkeys (each one's name, createdAt and lastUsedAt) and recoveryCodesLeft; never a secret, code or key.",
      ],
    ],
  },
  {
    id: "complain",
    title: "How to complain",
    paragraphs: [
      "Tell us first, through the contact page: we would rather put it right. You may also complain to a supervisory authority: in the EU, the data protection authority of your country; in the UK, the Information Commissioner's Office (ico.org.uk); in South Africa, the Information Regulator (inforegulator.org.za).",
    ],
  },
];

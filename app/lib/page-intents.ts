// A form posts its intent as a key of its page's intents (app/server/http/page-door.server.ts), so a typo
// in a button is found by the typecheck. A form beside its page's server module checks against that table
// (`"email" satisfies IntentName<typeof intents>`); the names posted by shared components are declared here,
// and the server's tables satisfy them.

/** The names of a table of intents. */
export type IntentName<Intents> = Extract<keyof Intents, string>;

/** The form that confirms it's you, and its passkey button after the ceremony. */
export type ConfirmingIntent = "confirm-its-you" | "resume";

/** The sign-in page's three forms. */
export type LoginIntent = "login" | "register" | "second-factor";

/** What /account's shared sections post: the profile form and the sessions' buttons. */
export type ProfileIntent = "profile";
export type SessionsIntent = "end-session" | "end-others";

/** The dashboard's bulk forms. */
export type BulkIntent = "bulk-move" | "bulk-undo" | "bulk-decide";

/** The workbench's text forms, on a message's page and a person's. */
export type TextFormIntent = "note" | "reply";

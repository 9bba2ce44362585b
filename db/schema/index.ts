// The D1 schema, one module per subject: the spec's three tables (section 3) column for column, and the
// tables the site added for accounts, sign-in, mail and the audit log. drizzle-kit reads it from here
// (drizzle.config.ts); the app imports every table from here.

export * from "./account-links";
export * from "./audit";
export * from "./contacts";
export * from "./content";
export * from "./limits";
export * from "./mail";
export * from "./people";
export * from "./second-factors";
export * from "./sessions";
export * from "./staff-notifications";
export * from "./threads";
export * from "./workbench";

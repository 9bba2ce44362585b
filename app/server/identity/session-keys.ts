// The KV keys of a session, apart from sessions.server.ts so that Node scripts (scripts/create-admin.ts)
// can use them without loading the Worker's database code.

/** A session's record, under the sha256 of its token. */
export const sessionKey = (hash: string) => `session:${hash}`;

/** The index of a user's sessions: one empty key per session under this prefix. */
export const userIndexPrefix = (userId: number) => `user-session:${userId}:`;

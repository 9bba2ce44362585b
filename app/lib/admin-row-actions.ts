// The endpoints of the dashboard's actions on one row (POST /api/admin/<name>/:id), by action: declared
// once here, where the domain's declarations (server/admin/row-actions.server.ts) and the tests read them.

export const ROW_ACTION_ENDPOINTS = {
  approve: "approve-user",
  reject: "reject-user",
  deactivate: "deactivate-user",
  reactivate: "reactivate-user",
  "end-sessions": "end-sessions",
  "reset-second-factors": "reset-second-factors",
  process: "mark-contact-processed",
  waiting: "mark-contact-waiting",
  spam: "mark-contact-spam",
  reopen: "reopen-contact",
  claim: "claim-contact",
  release: "release-contact",
} as const;

export type RowActionName = keyof typeof ROW_ACTION_ENDPOINTS;

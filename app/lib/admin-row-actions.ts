import {
  MESSAGE_STATE_TABLE,
  MESSAGE_STATE_WORK,
  MESSAGE_STATES,
  type MessageState,
  type MoveAction,
} from "./message-states";

// The endpoints of the dashboard's actions on one row (POST /api/admin/<name>/:id), by action: declared
// once here, where the domain's declarations (server/admin/row-actions.server.ts) and the tests read them.
// A message's moves come from the table of its states (message-states.ts).

type MoveEndpoints = {
  [State in MessageState as (typeof MESSAGE_STATE_TABLE)[State]["move"]["action"]]: (typeof MESSAGE_STATE_WORK)[State]["move"]["endpoint"];
};

/** The state each move takes a message to, by the move's action name. */
export const MOVE_TARGETS = Object.fromEntries(
  MESSAGE_STATES.map((state) => [MESSAGE_STATE_TABLE[state].move.action, state]),
) as Record<MoveAction, MessageState>;

const MOVE_ENDPOINTS = Object.fromEntries(
  MESSAGE_STATES.map((state) => [
    MESSAGE_STATE_TABLE[state].move.action,
    MESSAGE_STATE_WORK[state].move.endpoint,
  ]),
) as MoveEndpoints;

export const ROW_ACTION_ENDPOINTS = {
  approve: "approve-user",
  reject: "reject-user",
  deactivate: "deactivate-user",
  reactivate: "reactivate-user",
  "end-sessions": "end-sessions",
  "reset-second-factors": "reset-second-factors",
  ...MOVE_ENDPOINTS,
  claim: "claim-contact",
  release: "release-contact",
} as const;

export type RowActionName = keyof typeof ROW_ACTION_ENDPOINTS;

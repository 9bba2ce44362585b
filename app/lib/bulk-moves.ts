import { countLabel } from "./counts";
import type { MessageState } from "./message-states";

// What a bulk move of the queue chooses and answers (docs/decisions/177-triage-bulk.md), on both sides: the
// scope (which rows), the confirmation a move of more than the ticked rows shows first, and the move's
// answer with its undo. The server's work is app/server/admin/bulk-selection.server.ts.

/** Which rows a bulk action takes: the ticked ones, every one matching, or every one matching but those. */
export const BULK_SCOPES = ["ticked", "matching", "except"] as const;
export type BulkScope = (typeof BULK_SCOPES)[number];

/** A scope as the bulk bar offers it. */
export interface ScopeChoice {
  value: BulkScope;
  label: string;
}

const SCOPE_WORDS: Record<BulkScope, (total: number | null) => string> = {
  ticked: () => "The ticked ones",
  matching: (total) => `All ${total === null ? "" : `${countLabel(total)} `}matching`,
  except: () => "All except the ticked",
};

/**
 * The scopes a list offers, in words with its count ("All 800 matching"): made by its loader, so the words
 * travel as data and the browser's bundle carries none of them (an app page's script budget).
 */
export const scopeChoices = (offered: readonly BulkScope[], total: number | null): ScopeChoice[] =>
  offered.map((value) => ({ value, label: SCOPE_WORDS[value](total) }));

/** The address's parameter that keeps the scope chosen, so the bar stays where staff put it. */
export const SCOPE_PARAM = "scope";

/** The scope an address or a form names; anything else is the ticked ones. */
export function scopeOf(raw: string | null | undefined): BulkScope {
  return (BULK_SCOPES as readonly string[]).includes(raw ?? "") ? (raw as BulkScope) : "ticked";
}

/** The scope as the address carries it: nothing for the ticked ones, the default. */
export const scopeParams = (scope: BulkScope): Record<string, string> =>
  scope === "ticked" ? {} : { [SCOPE_PARAM]: scope };

/** A token of a bulk move kept in KV (a confirmation, an undo): 32 random bytes, base32. */
export const BULK_TOKEN = /^[a-z2-7]{52}$/;

/** One message of the confirmation's sample: who sent it, and its first words. */
export interface BulkSample {
  id: number;
  name: string;
  email: string;
  line: string;
}

/** The confirmation of a move of more than the ticked rows: how many, in which states, and a sample. */
export interface BulkConfirmation {
  kind: "confirm";
  to: MessageState;
  scope: BulkScope;
  token: string;
  total: number;
  byState: { state: MessageState; count: number }[];
  sample: BulkSample[];
  /** Whether the move closes them (the state's `closed`): then each state's messages may be moved alone. */
  closes: boolean;
}

/** A move done: how many, and the undo's token (none when nothing moved). */
export interface BulkMoved {
  kind: "moved";
  to: MessageState;
  scope: BulkScope;
  changed: number;
  undo: string | null;
}

export interface BulkUndone {
  kind: "undone";
  scope: BulkScope;
}

export type BulkAnswer = BulkConfirmation | BulkMoved | BulkUndone;

/** "1 message", "800 messages". */
export const messagesLabel = (count: number) =>
  count === 1 ? "1 message" : `${count.toLocaleString("en-US")} messages`;

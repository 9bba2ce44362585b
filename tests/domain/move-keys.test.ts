import { describe, expect, it } from "vitest";
import { HELD_KEYS } from "../../app/lib/held-keys";
import { MESSAGE_STATE_TABLE, MESSAGE_STATES } from "../../app/lib/message-states";

// The keys of the moves (docs/decisions/176) come from the table of states: one a move, each a single
// letter no other key of the list has, so a state added to the table brings its key or fails here.

describe("the moves' keys", () => {
  it("gives every move of the table one letter of its own, apart from the list's other keys", () => {
    const MOVE_KEYS = MESSAGE_STATES.map((state) => MESSAGE_STATE_TABLE[state].move);
    const keys = MOVE_KEYS.map((move) => move.key);
    for (const key of keys) expect(key).toMatch(/^[a-z]$/);
    const others = [...HELD_KEYS, "r", "Enter"];
    expect(new Set([...keys, ...others]).size).toBe(keys.length + others.length);
    expect(Object.fromEntries(MOVE_KEYS.map((move) => [move.key, move.button]))).toMatchObject({
      d: "Mark Processed",
      s: "Spam",
      w: "Waiting",
    });
  });
});

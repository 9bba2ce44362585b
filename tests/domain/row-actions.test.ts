import { describe, expect, it } from "vitest";
import { ADMIN_ACTIONS } from "../../app/routes/admin/row-actions.server";
import { ROW_ACTION_NAMES } from "../worker/support-row-actions";

describe("the dashboard's row actions", () => {
  it("are read by the worker lane's tests as ADMIN_ACTIONS declares them", () => {
    expect(ROW_ACTION_NAMES).toEqual(Object.values(ADMIN_ACTIONS).map((declared) => declared.api.name));
  });

  it("each have an endpoint name of their own", () => {
    expect(new Set(ROW_ACTION_NAMES).size).toBe(ROW_ACTION_NAMES.length);
  });
});

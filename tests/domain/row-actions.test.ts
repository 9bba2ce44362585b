import { describe, expect, it } from "vitest";
import { ROW_ACTION_ENDPOINTS } from "../../app/lib/admin-row-actions";
import { ADMIN_ACTIONS, adminActionByApiName } from "../../app/server/admin/row-actions.server";

describe("the dashboard's row actions", () => {
  it("each answer the endpoint their name declares, and only that one", () => {
    for (const [action, endpoint] of Object.entries(ROW_ACTION_ENDPOINTS)) {
      expect(adminActionByApiName(endpoint)).toBe(ADMIN_ACTIONS[action as keyof typeof ADMIN_ACTIONS]);
    }
    expect(adminActionByApiName("approve")).toBeUndefined();
  });

  it("each have an endpoint name of their own", () => {
    const names = Object.values(ROW_ACTION_ENDPOINTS);
    expect(new Set(names).size).toBe(names.length);
  });
});

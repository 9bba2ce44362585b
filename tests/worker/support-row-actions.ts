import rowActions from "../../app/routes/admin/row-actions.server.ts?raw";

// The endpoint names ADMIN_ACTIONS declares (POST /api/admin/<name>/:id), read from its module's text: the
// worker lane cannot import the module itself (its operations reach react-router, which this lane's React
// does not serve). tests/domain/row-actions.test.ts holds this reading to the declarations themselves.

export const ROW_ACTION_NAMES: readonly string[] = [
  ...rowActions.matchAll(/\bapi: \{ name: "([a-z0-9-]+)"/g),
].map((match) => match[1] ?? "");

if (ROW_ACTION_NAMES.length === 0) throw new Error("no row action found in row-actions.server.ts");

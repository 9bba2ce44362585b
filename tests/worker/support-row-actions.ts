import { ROW_ACTION_ENDPOINTS } from "../../app/lib/admin-row-actions";

// The endpoint names the dashboard's row actions answer (POST /api/admin/<name>/:id), as declared once.
export const ROW_ACTION_NAMES: readonly string[] = Object.values(ROW_ACTION_ENDPOINTS);

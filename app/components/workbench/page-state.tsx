import { Link } from "react-router";
import { dashboardHref } from "~/lib/admin-tabs";

/** What a workbench page shows for an address that names nothing it can show: why, and the way back. */
export function PageState({ says }: { says: string }) {
  return (
    <div className="mt-6 rounded-xl bg-surface-muted p-6">
      <p role="alert">{says}</p>
      <Link to={dashboardHref("pending")} className="mt-2 inline-block text-brand underline">
        Back to the dashboard
      </Link>
    </div>
  );
}

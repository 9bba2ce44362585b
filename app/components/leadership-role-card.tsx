import type { LeadershipRole } from "~/content/leadership";
import { InitialsAvatar } from "./initials-avatar";

/** One leadership role: avatar, role title (h3), summary and responsibilities. */
export function LeadershipRoleCard({
  role,
  responsibilitiesLabel,
}: {
  role: LeadershipRole;
  responsibilitiesLabel: string;
}) {
  return (
    <article className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <InitialsAvatar initials={role.initials} />
        <div>
          <h3 className="text-2xl font-semibold">{role.role}</h3>
          <p className="mt-1 text-ink-muted">{role.summary}</p>
        </div>
      </div>
      <h4 className="mt-6 font-semibold">{responsibilitiesLabel}</h4>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-ink-muted">
        {role.responsibilities.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </article>
  );
}

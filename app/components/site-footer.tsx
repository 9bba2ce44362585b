import { Link } from "react-router";
import { footerExternal, footerGroups } from "~/content/navigation";
import { FacetsLogo } from "./facets-logo";
import { ExternalLink } from "./ui/button-link";

export function SiteFooter() {
  return (
    <footer id="site-footer" className="bg-night text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <FacetsLogo />
            FACETS
          </p>
          <p className="mt-3 text-sm">Insurance Reinvented. Finance Reimagined.</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a className="underline hover:text-white" href={`mailto:${footerExternal.email}`}>
                {footerExternal.email}
              </a>
            </li>
            <li>
              <ExternalLink className="underline hover:text-white" href={footerExternal.tokenExplorer}>
                Token explorer
              </ExternalLink>
            </li>
          </ul>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{group.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link className="hover:text-white hover:underline" to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>{footerExternal.copyright}</p>
          <ul className="flex flex-wrap gap-4" aria-label="FACETS on social media">
            {footerExternal.social.map((profile) => (
              <li key={profile.href}>
                <ExternalLink className="hover:text-white hover:underline" href={profile.href}>
                  {profile.name}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

import { Heart, Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { mainNav } from "#app/lib/site";
import { useRootData } from "#app/root";

/** Pages that carry the donation section (id "donate") themselves. */
const pagesWithDonateSection = new Set(["/", "/home"]);

export function SiteNav() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const root = useRootData();
  const donateHref = pagesWithDonateSection.has(location.pathname) ? "#donate" : "/home#donate";

  // Close the mobile menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);

  return (
    <header className="site-header">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-14 py-3">
        <NavLink to="/home" className="flex items-center gap-2 text-lg font-bold no-underline">
          <Heart aria-hidden="true" className="size-6 text-[var(--color-accent-strong)]" />
          <span>{root?.org.name ?? "Houston Home Foundation"}</span>
        </NavLink>
        <button
          type="button"
          className="nav-toggle icon-button md:hidden"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
          <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
        </button>
        <nav aria-label="Main" className="w-full md:w-auto">
          <ul id="site-menu" className="nav-menu" data-open={open}>
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-link" end>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <a href={donateHref} className="btn btn-accent">
                Donate Now
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

import { Heart, Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { linkAsButton } from "#app/components/link-as-button";
import { PageLink } from "#app/components/page-link";
import { unlocalizedPath } from "#app/i18n/locales";
import { useLocale } from "#app/i18n/translator";
import { useRootData } from "#app/lib/root-data";
import { mainNav } from "#app/site/navigation";
import { LanguageSwitch } from "./language";

const MENU_ID = "site-menu";

/** Pages that carry the donation section (id "donate") themselves. */
const pagesWithDonateSection = new Set(["/", "/home"]);

/** A link's class, with what React Router's `<NavLink end>` marks on the link to the page shown. */
function navLinkProps(className: string, to: string, pathname: string) {
  return to.toLowerCase() === pathname.toLowerCase()
    ? { to, className: `${className} active`, "aria-current": "page" as const }
    : { to, className };
}

export function SiteNav() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const root = useRootData();
  const { t, href } = useLocale();
  const donateHref = pagesWithDonateSection.has(unlocalizedPath(location.pathname))
    ? "#donate"
    : href("/home#donate");

  // Close the mobile menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.key]);

  // From here the state opens and closes the menu (app/app.css), and its toggle is a button
  // (app/components/link-as-button.ts); marked on the elements, since a prop flipping after
  // hydration re-rendered the whole bar in one task.
  const toggleRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    document.getElementById(MENU_ID)?.setAttribute("data-enhanced", "");
    return linkAsButton(toggleRef.current);
  }, []);

  // A tap before the scripts ran opened the menu through its link (#site-menu, shown by CSS's
  // :target): the state takes it over, and the address loses the fragment.
  useEffect(() => {
    if (window.location.hash !== `#${MENU_ID}`) return;
    setOpen(true);
    history.replaceState(history.state, "", window.location.pathname + window.location.search);
  }, []);

  // Escape closes the open mobile menu and puts focus back on its button.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="site-header">
      <div className="site-header-inner mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <PageLink
          {...navLinkProps(
            "flex items-center gap-2 text-base font-bold no-underline md:text-lg",
            href("/home"),
            location.pathname,
          )}
        >
          <Heart aria-hidden="true" className="size-6 text-[var(--color-accent-strong)]" />
          <span>{root?.org.name ?? "Houston Home Foundation"}</span>
        </PageLink>
        {/* A link to the menu: before the scripts run CSS shows the menu it targets; after, it is
            a button that toggles it (docs/decisions/214-enhanced-controls-are-buttons.md). */}
        <a
          ref={toggleRef}
          href={`#${MENU_ID}`}
          className="nav-toggle icon-button md:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={(event) => {
            event.preventDefault();
            setOpen((value) => !value);
          }}
        >
          {open ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
          <span className="sr-only">{open ? t("nav.closeMenu") : t("nav.openMenu")}</span>
        </a>
        <nav aria-label={t("nav.main")} className="w-full md:w-auto">
          <ul id={MENU_ID} className="nav-menu" data-open={open}>
            {mainNav.map((item) => (
              <li key={item.to}>
                <PageLink {...navLinkProps("nav-link", href(item.to), location.pathname)}>
                  {t(item.label)}
                </PageLink>
              </li>
            ))}
            <li>
              <a href={donateHref} className="btn btn-accent">
                {t("nav.donateNow")}
              </a>
            </li>
            <li>
              <LanguageSwitch />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

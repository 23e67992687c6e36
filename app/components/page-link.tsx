import { type AnchorHTMLAttributes, createElement, useEffect } from "react";
import { useNavigate } from "react-router";

const PAGE_LINK_ATTRIBUTE = "data-page-link";

/**
 * A link to one of the site's own pages, for the links every page repeats (the header's menu and
 * the footer): the `<a>` React Router's `<Link>` writes, without the hooks each `<Link>` runs for
 * every page rendered on the server and again on the phone while the page hydrates
 * (docs/decisions/191-page-links-without-hooks.md). `usePageLinkNavigation` makes them navigate
 * within the app once the scripts run; before that they are plain links.
 *
 * Its attributes are copied one by one, not spread (`{...rest, href}`): in the server's V8 a
 * spread object given more properties gets hidden classes of its own, garbage the young
 * generation's collections promote, dozens of links on every page
 * (docs/decisions/193-requests-born-with-express-prototypes.md).
 */
export function PageLink(props: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const attributes: Record<string, unknown> = { href: props.to };
  attributes[PAGE_LINK_ATTRIBUTE] = "";
  for (const [name, value] of Object.entries(props)) {
    if (name !== "to") attributes[name] = value;
  }
  return createElement("a", attributes);
}

/** A click that the browser should handle itself: another tab, a download, a modifier key. */
function leftToTheBrowser(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (anchor.target !== "" && anchor.target !== "_self") ||
    anchor.hasAttribute("download") ||
    new URL(anchor.href).origin !== window.location.origin
  );
}

/**
 * One click listener on the document for every PageLink under it: navigates as `<Link>` does,
 * replacing the history entry when the link leads to the page already shown.
 */
export function usePageLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const anchor =
        event.target instanceof Element ? event.target.closest(`a[${PAGE_LINK_ATTRIBUTE}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement) || leftToTheBrowser(event, anchor)) return;
      event.preventDefault();
      const url = new URL(anchor.href);
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

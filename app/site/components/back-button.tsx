import { ArrowLeft } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { useLocale } from "#app/i18n/translator";

/** Circular 'Go back' button, fixed at the upper left, on every page but '/'. */
export function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, href } = useLocale();
  if (location.pathname === "/") return null;
  return (
    // A landmark of its own: every piece of content sits in one (axe "region").
    <nav aria-label={t("nav.history")}>
      <a
        href={href("/")}
        aria-label={t("nav.goBack")}
        title={t("nav.goBack")}
        className="fixed-corner-button left-3"
        onClick={(event) => {
          event.preventDefault();
          // A visitor who landed here directly has no history in this site: go home instead.
          if (location.key === "default") navigate(href("/"));
          else navigate(-1);
        }}
      >
        <ArrowLeft aria-hidden="true" className="fixed-corner-icon" />
      </a>
    </nav>
  );
}

import { ArrowLeft } from "lucide-react";
import { useLocation, useNavigate } from "react-router";

/** Circular 'Go back' button, fixed at the upper left, on every page but '/'. */
export function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  if (location.pathname === "/") return null;
  return (
    // A landmark of its own: every piece of content sits in one (axe "region").
    <nav aria-label="History">
      <a
        href="/"
        aria-label="Go back"
        title="Go back"
        className="fixed-corner-button left-3"
        onClick={(event) => {
          event.preventDefault();
          // A visitor who landed here directly has no history in this site: go home instead.
          if (location.key === "default") navigate("/");
          else navigate(-1);
        }}
      >
        <ArrowLeft aria-hidden="true" className="fixed-corner-icon" />
      </a>
    </nav>
  );
}

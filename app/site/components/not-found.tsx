import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useLocale } from "#app/i18n/translator";

export function NotFound() {
  const location = useLocation();
  const { t, href } = useLocale();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <main id="main-content" className="flex min-h-[70vh] items-center justify-center px-4">
      <div className="text-center">
        {/* One heading that says what happened; the number alone would not. */}
        <h1>
          <span className="block text-5xl font-bold">404</span>
          <span className="mt-4 block text-xl font-normal">{t("notFound.heading")}</span>
        </h1>
        <Link to={href("/")} className="btn btn-primary mt-6">
          {t("notFound.home")}
        </Link>
      </div>
    </main>
  );
}

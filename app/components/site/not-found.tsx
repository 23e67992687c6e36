import { useEffect } from "react";
import { Link, useLocation } from "react-router";

export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return (
    <main id="main-content" className="flex min-h-[70vh] items-center justify-center px-4">
      <div className="text-center">
        <h1 className="text-5xl font-bold">404</h1>
        <p className="mt-4 text-xl">Oops! Page not found</p>
        <Link to="/" className="btn btn-primary mt-6">
          Return to Home
        </Link>
      </div>
    </main>
  );
}

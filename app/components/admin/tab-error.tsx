import { isRouteErrorResponse, useRouteError } from "react-router";

/** Shown in place of a tab that failed, keeping the dashboard's tabs and Logout around it. */
export function AdminTabError() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div role="alert" className="card">
      <h2 className="text-xl font-semibold">
        {forbidden ? "This section is not part of your role" : "Something went wrong"}
      </h2>
      <p className="mt-2">
        {forbidden
          ? "Your account cannot open this section. An administrator can change your role if you need it."
          : "This section could not be shown. Please reload the page or try again later."}
      </p>
    </div>
  );
}

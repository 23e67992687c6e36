import { Outlet } from "react-router";
import { SiteFooter } from "#app/components/site/site-footer";
import { SiteNav } from "#app/components/site/site-nav";

/** Navigation bar and footer around every full-site page. */
export default function SiteLayout() {
  return (
    <>
      <SiteNav />
      <Outlet />
      <SiteFooter />
    </>
  );
}

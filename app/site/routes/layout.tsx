import { Outlet } from "react-router";
import { SiteFooter } from "#app/site/components/site-footer";
import { SiteNav } from "#app/site/components/site-nav";

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

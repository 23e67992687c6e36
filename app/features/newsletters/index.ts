export { newslettersTab } from "./admin/tab";

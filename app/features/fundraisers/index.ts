export { fundraisersTab } from "./admin/tab";

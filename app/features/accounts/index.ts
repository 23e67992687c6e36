export { usersTab } from "./admin/tab";

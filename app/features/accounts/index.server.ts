export { ensureAdminFromEnv } from "./admin-account.server";

export { onBedsChange } from "./beds.server";

export { servicesTab } from "./admin/tab";
export {
  type CapacityShown,
  capacityShown,
  countLimit,
  DESCRIPTION_MAX,
  FRESH_HOURS_MAX,
  FRESH_HOURS_MIN,
  KNOWN_UNITS,
  MAX_COUNT,
} from "./capacity";
export { capacityText, countText, updatedAgo } from "./components/capacity-lines";

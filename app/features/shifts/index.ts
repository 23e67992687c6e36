export { shiftsTab } from "./admin/tab";
export { volunteerOpportunities, volunteerRequirements } from "./opportunities";
export { shiftWhen } from "./times";

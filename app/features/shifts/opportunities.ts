/** Volunteer opportunities; their texts are catalog keys, shown in the page's language. */
export const volunteerOpportunities = [
  {
    slug: "meal-service",
    title: "volunteer.opportunities.mealService.title",
    hours: "volunteer.opportunities.mealService.hours",
    description: "volunteer.opportunities.mealService.description",
  },
  {
    slug: "resource-center",
    title: "volunteer.opportunities.resourceCenter.title",
    hours: "volunteer.opportunities.resourceCenter.hours",
    description: "volunteer.opportunities.resourceCenter.description",
  },
  {
    slug: "medical-clinic",
    title: "volunteer.opportunities.medicalClinic.title",
    hours: "volunteer.opportunities.medicalClinic.hours",
    description: "volunteer.opportunities.medicalClinic.description",
  },
] as const;

export type VolunteerOpportunitySlug = (typeof volunteerOpportunities)[number]["slug"];

export const volunteerRequirements = [
  "volunteer.requirements.age",
  "volunteer.requirements.commitment",
  "volunteer.requirements.orientation",
  "volunteer.requirements.backgroundCheck",
] as const;

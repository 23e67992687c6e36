/** Lengths of the public forms' fields: the inputs' `maxLength` and the schemas' limits alike. */
export const limits = {
  name: 100,
  email: 254,
  company: 200,
  message: 5000,
  phone: 30,
} as const;

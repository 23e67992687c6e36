/** The altcha widget's Spanish strings ship without types; importing them registers them. */
declare module "altcha/i18n/es-419";

/**
 * Every settings card an administrator sees, in order, as the section list names them (the
 * settings route test and the settings journey both expect it).
 */
export const ADMIN_SETTINGS_CARDS = [
  "Your account",
  "AI Provider Settings",
  "Content Generation Defaults",
  "Company Profile",
  "Glossary",
  "Example Repository",
  "UI Settings",
  "Users",
  "Webhooks",
  "Single sign-on",
  "Publishing",
  "Audit Log",
];

/** The footer's static pages (§2), by their exact path. */
export const staticPages = [
  "eticket",
  "termsAndConditions",
  "privacyPolicies",
  "PointSales",
  "Services",
  "TechnicalSupport",
  "ComplaintsBook",
  "FAQ",
] as const;

export function staticPageOf(pathname: string) {
  const name = pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  return staticPages.find((page) => page.toLowerCase() === name) ?? null;
}

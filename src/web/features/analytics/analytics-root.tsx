/** Analytics: page views and consent. */
export function AnalyticsRoot() {
  return null;
}

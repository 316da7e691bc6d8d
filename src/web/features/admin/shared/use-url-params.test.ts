import { describe, expect, it } from 'vitest';
import { createQueryTracker } from './use-url-params.ts';

describe('the query an address update starts from', () => {
  it('is the address while no navigation is on its way', () => {
    let address = '?tab=users';
    const tracker = createQueryTracker(() => address);
    expect(tracker.current().toString()).toBe('tab=users');
    address = '?tab=audit&q=a';
    expect(tracker.current().toString()).toBe('tab=audit&q=a');
  });

  it('is the query asked for while the address has not been written yet, so two changes in one task both land', () => {
    const address = '';
    const tracker = createQueryTracker(() => address);
    // A click on another view, then the settled search in the same task.
    const view = tracker.current();
    view.set('tab', 'audit');
    tracker.asked(view);
    const search = tracker.current();
    search.set('q', 'someone@example.com');
    tracker.asked(search);
    expect(tracker.current().toString()).toBe('tab=audit&q=someone%40example.com');
  });

  it('is the address again once the navigation has settled, or once the address moved elsewhere (Back)', () => {
    let address = '?tab=users';
    const tracker = createQueryTracker(() => address);
    const settled = tracker.asked(new URLSearchParams('tab=audit'));
    address = '?tab=funnel';
    expect(tracker.current().toString()).toBe('tab=funnel');
    address = '?tab=users';
    expect(tracker.current().toString()).toBe('tab=audit');
    settled();
    expect(tracker.current().toString()).toBe('tab=users');
  });

  it('forgets only its own navigation when an older one settles after a newer was asked for', () => {
    const tracker = createQueryTracker(() => '');
    const first = tracker.asked(new URLSearchParams('tab=audit'));
    tracker.asked(new URLSearchParams('tab=audit&q=x'));
    first();
    expect(tracker.current().toString()).toBe('tab=audit&q=x');
  });
});

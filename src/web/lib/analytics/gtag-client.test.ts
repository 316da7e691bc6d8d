import { describe, expect, it, vi } from 'vitest';
import {
  createAnalyticsClient,
  eventParameters,
  gtagScriptUrl,
  type AnalyticsEnvironment,
  type AnalyticsSettings,
  type GtagHost,
  type PageInfo,
} from './gtag-client.ts';

const ID = 'G-TEST000001';
const ON: AnalyticsSettings = { measurementId: ID, enabled: true, debug: false };

function setup(settings: AnalyticsSettings = ON) {
  const host: GtagHost = {};
  let page: PageInfo = { path: '/', title: 'Home', location: 'https://reelscore.app/' };
  const env = {
    host,
    loadScript: vi.fn<AnalyticsEnvironment['loadScript']>(() => Promise.resolve()),
    currentPage: () => page,
    clearCookies: vi.fn(),
    log: { info: vi.fn(), warn: vi.fn() },
  } satisfies AnalyticsEnvironment;
  const client = createAnalyticsClient(settings, env);
  const commands = () =>
    (host.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
  const events = () => commands().filter(([command]) => command === 'event');
  const goTo = (path: string, title = path) => {
    page = { path, title, location: `https://reelscore.app${path}` };
  };
  return { client, env, host, commands, events, goTo };
}

describe('analytics client', () => {
  it.each([
    ['disabled', { ...ON, enabled: false }],
    ['without a measurement id', { ...ON, measurementId: '  ' }],
  ])('stays inactive when %s, with a console note and no gtag', (_case, settings) => {
    const { client, env, host } = setup(settings);
    expect(client.init()).toBe(false);
    expect(env.log.info).toHaveBeenCalledOnce();
    expect(env.log.warn).not.toHaveBeenCalled();
    client.grantConsent();
    client.trackEvent({ action: 'click' });
    expect(host.dataLayer).toBeUndefined();
    expect(env.loadScript).not.toHaveBeenCalled();
  });

  it('initialises once, with every consent type denied and nothing loaded', () => {
    const { client, env, commands } = setup();
    expect(client.init()).toBe(true);
    expect(client.init()).toBe(true);
    expect(commands()).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
        },
      ],
    ]);
    expect(env.loadScript).not.toHaveBeenCalled();
    expect(env.log.info).not.toHaveBeenCalled();
  });

  it('sends nothing before consent', () => {
    const { client, events } = setup();
    client.init();
    client.trackPageView();
    client.trackEvent({ action: 'click', category: 'engagement' });
    expect(events()).toEqual([]);
  });

  it('on consent grants analytics storage only, loads gtag.js once and sends the page view', () => {
    const { client, env, commands } = setup();
    client.init();
    client.grantConsent();
    client.grantConsent();
    expect(env.loadScript).toHaveBeenCalledExactlyOnceWith(gtagScriptUrl(ID));
    expect(gtagScriptUrl(ID)).toBe(`https://www.googletagmanager.com/gtag/js?id=${ID}`);
    const sent = commands();
    expect(sent[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(sent.find(([command]) => command === 'config')).toEqual([
      'config',
      ID,
      {
        send_page_view: false,
        allow_google_signals: false,
        allow_ad_personalization_signals: false,
      },
    ]);
    expect(sent.at(-1)).toEqual([
      'event',
      'page_view',
      { page_title: 'Home', page_location: 'https://reelscore.app/', page_path: '/' },
    ]);
  });

  it('skips a page view for the path tracked last', () => {
    const { client, events, goTo } = setup();
    client.init();
    client.grantConsent();
    client.trackPageView();
    goTo('/pricing');
    client.trackPageView();
    client.trackPageView();
    goTo('/');
    client.trackPageView();
    expect(
      events().map(
        ([, , parameters]) => (parameters as PageInfo & { page_path: string }).page_path,
      ),
    ).toEqual(['/', '/pricing', '/']);
  });

  it('sends events with their category, label and parameters', () => {
    const { client, events } = setup();
    client.init();
    client.grantConsent();
    client.trackEvent({
      action: 'api_call',
      category: 'technical',
      label: 'signup',
      value: 120,
      custom_parameters: { status: 200 },
    });
    expect(events().at(-1)).toEqual([
      'event',
      'api_call',
      { event_category: 'technical', event_label: 'signup', value: 120, status: 200 },
    ]);
  });

  it('drops undefined values from the payload', () => {
    expect(eventParameters({ action: 'click', category: 'engagement', label: 'x' })).toEqual({
      event_category: 'engagement',
      event_label: 'x',
    });
    expect('value' in eventParameters({ action: 'click', value: undefined })).toBe(false);
  });

  it('keeps a user property until consent, then sets it', () => {
    const { client, commands } = setup();
    client.init();
    client.setUserProperty('plan', 'pro');
    expect(commands().some(([command]) => command === 'set')).toBe(false);
    client.grantConsent();
    expect(commands()).toContainEqual(['set', 'user_properties', { plan: 'pro' }]);
    client.setUserProperty('beta', true);
    expect(commands().at(-1)).toEqual(['set', 'user_properties', { beta: true }]);
  });

  it('turns debug mode on only when asked', () => {
    const { client, commands, env } = setup({ ...ON, debug: true });
    client.init();
    client.grantConsent();
    expect(commands().find(([command]) => command === 'config')?.[2]).toMatchObject({
      debug_mode: true,
    });
    expect(env.log.info).toHaveBeenCalled();
  });

  it('on withdrawal stops sending, sets the opt-out flag and clears cookies', () => {
    const { client, env, host, events, commands } = setup();
    client.init();
    client.grantConsent();
    const sent = events().length;
    client.denyConsent();
    expect(commands()).toContainEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(host[`ga-disable-${ID}`]).toBe(true);
    expect(env.clearCookies).toHaveBeenCalled();
    client.trackEvent({ action: 'click' });
    expect(events()).toHaveLength(sent);
  });

  it('reports a failed script load to the console only', async () => {
    const { client, env } = setup();
    env.loadScript.mockRejectedValueOnce(new Error('blocked'));
    client.init();
    client.grantConsent();
    await vi.waitFor(() => expect(env.log.warn).toHaveBeenCalledOnce());
  });
});

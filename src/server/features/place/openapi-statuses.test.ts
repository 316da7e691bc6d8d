import type { InjectOptions } from 'fastify';
import { findSignupByEmail } from '../waitlist/signup-repository.ts';
import { confirmSignup } from '../waitlist/confirmation-repository.ts';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import { placePath, placeToken } from '../../platform/links/place-link.ts';
import {
  describeDocumentedStatuses,
  BROWSER,
  FORM,
  inject,
  without,
} from '../../test/openapi-statuses.ts';

const SCRIPT = { accept: 'application/json' };
const JSON_BODY = { 'content-type': 'application/json', ...SCRIPT };

/**
 * The person's page's documented operations, called the ways the server can answer them: a
 * good link and a bad one, a person gone, bad input, too many attempts and a failing database.
 */
describeDocumentedStatuses(
  "the person's page's documented statuses, against those the server sends",
  'place',
  async ({ call, main }) => {
    const app = main.app;
    app.config.movedUpMail = true;
    const db = app.database.db;
    const secret = await unsubscribeSecret(db, app.config.mail);
    let client = 0;
    const send = (options: InjectOptions) =>
      inject(app, {
        remoteAddress: `10.9.${Math.floor(++client / 250)}.${client % 250}`,
        ...options,
      });
    /** A confirmed person's link. */
    async function personLink(email: string): Promise<string> {
      await inject(app, {
        method: 'POST',
        url: '/api/utility/signup',
        payload: { email, signupType: 'general' },
      });
      const signup = await findSignupByEmail(db, email);
      await confirmSignup(db, signup!.id);
      return placeToken(secret, signup!.id);
    }
    const token = await personLink('statuses-place@example.com');
    const gone = await personLink('statuses-gone@example.com');
    await db.deleteFrom('signups').where('email', '=', 'statuses-gone@example.com').execute();
    const page = (t: string, headers = BROWSER) => send({ url: placePath(t), headers });
    const form = (
      path: string,
      t: string,
      payload: string,
      headers: Record<string, string> = BROWSER,
    ) =>
      send({ method: 'POST', url: placePath(t, path), payload, headers: { ...FORM, ...headers } });
    const json = (path: string, t: string, payload: object) =>
      send({
        method: 'POST',
        url: placePath(t, path),
        payload: JSON.stringify(payload),
        headers: JSON_BODY,
      });

    await call('getPlacePage', 200, () => page(token));
    await call('getPlacePage', 200, () => page(token, SCRIPT));
    await call('getPlacePage', 400, () => page('forged'));
    await call('getPlacePage', 400, () => page('forged', SCRIPT));
    await call('getPlacePage', 410, () => page(gone));
    await call('getPlacePage', 410, () => page(gone, SCRIPT));
    await call('getPlacePage', 503, () => without(main, 'signups', () => page(token)));
    await call('getPlacePage', 503, () => without(main, 'signups', () => page(token, SCRIPT)));

    const products = '/place/products';
    await call('savePlaceProducts', 303, () => form(products, token, 'products=ios'));
    await call('savePlaceProducts', 200, () => json(products, token, { products: ['ios'] }));
    await call('savePlaceProducts', 400, () => form(products, token, 'products=palm'));
    await call('savePlaceProducts', 400, () => json(products, token, { products: ['palm'] }));
    await call('savePlaceProducts', 410, () => form(products, gone, 'products=ios'));
    await call('savePlaceProducts', 410, () => json(products, gone, { products: ['ios'] }));
    await call('savePlaceProducts', 503, () =>
      without(main, 'signups', () => form(products, token, 'products=ios')),
    );

    const mail = '/place/mail';
    await call('setPlaceMovedUpMail', 303, () => form(mail, token, 'moved=off'));
    await call('setPlaceMovedUpMail', 200, () => json(mail, token, { moved: 'on' }));
    await call('setPlaceMovedUpMail', 400, () => json(mail, token, { moved: 'maybe' }));
    await call('setPlaceMovedUpMail', 410, () => json(mail, gone, { moved: 'on' }));
    await call('setPlaceMovedUpMail', 503, () =>
      without(main, 'signups', () => json(mail, token, { moved: 'on' })),
    );

    const leave = '/place/leave';
    const leaver = await personLink('statuses-leaver@example.com');
    const scriptLeaver = await personLink('statuses-script-leaver@example.com');
    const ask = (t: string, headers = BROWSER) => send({ url: placePath(t, leave), headers });
    await call('getPlaceLeavePage', 200, () => ask(leaver));
    await call('getPlaceLeavePage', 200, () => ask(leaver, SCRIPT));
    await call('getPlaceLeavePage', 400, () => ask('forged'));
    await call('getPlaceLeavePage', 410, () => ask(gone));
    await call('getPlaceLeavePage', 503, () => without(main, 'signups', () => ask(token)));
    await call('leaveWaitlist', 400, () => form(leave, leaver, 'confirm=no'));
    await call('leaveWaitlist', 200, () => form(leave, leaver, 'confirm=leave'));
    await call('leaveWaitlist', 200, () => json(leave, scriptLeaver, { confirm: 'leave' }));
    await call('leaveWaitlist', 410, () => form(leave, leaver, 'confirm=leave'));
    await call('leaveWaitlist', 503, () =>
      without(main, 'signups', () => form(leave, token, 'confirm=leave')),
    );

    const link = (payload: string, headers: Record<string, string> = BROWSER) =>
      send({ method: 'POST', url: '/place/link', payload, headers: { ...FORM, ...headers } });
    await call('sendPlaceLink', 200, () => link('email=statuses-place%40example.com'));
    await call('sendPlaceLink', 200, () => link('email=nobody%40example.com', SCRIPT));
    await call('sendPlaceLink', 400, () => link('email='));
    await call('sendPlaceLink', 503, () =>
      without(main, 'signups', () => link('email=statuses-place%40example.com')),
    );

    // Too many attempts from one address: the page's limit, then the link's.
    const fixed = { remoteAddress: '10.99.0.1' };
    for (let n = 0; n < 30; n++)
      await inject(app, { url: placePath(token), headers: BROWSER, ...fixed });
    await call('getPlacePage', 429, () =>
      inject(app, { url: placePath(token), headers: BROWSER, ...fixed }),
    );
    for (let n = 0; n < 30; n++) {
      await inject(app, { url: placePath(token, leave), headers: BROWSER, ...fixed });
    }
    await call('getPlaceLeavePage', 429, () =>
      inject(app, { url: placePath(token, leave), headers: BROWSER, ...fixed }),
    );
    for (const [operation, path, payload] of [
      ['savePlaceProducts', products, 'products=ios'],
      ['setPlaceMovedUpMail', mail, 'moved=on'],
      ['leaveWaitlist', leave, 'confirm=no'],
    ] as const) {
      const once = () =>
        inject(app, {
          method: 'POST',
          url: placePath(token, path),
          payload,
          headers: { ...FORM, ...BROWSER },
          ...fixed,
        });
      for (let n = 0; n < 30; n++) await once();
      await call(operation, 429, once);
    }
    const askLink = () =>
      inject(app, {
        method: 'POST',
        url: '/place/link',
        payload: 'email=a%40example.com',
        headers: { ...FORM, ...BROWSER },
        ...fixed,
      });
    for (let n = 0; n < 10; n++) await askLink();
    await call('sendPlaceLink', 429, askLink);
  },
);

import { CONTACT_EMAIL, escapeHtml, type PersonPage } from '../../lib/person-page.ts';
import { DATA_REQUEST_PATH } from './data-request-token.ts';

const HOME_LINK = `<p><a href="/">Go to the ReelScore home page</a></p>`;
const CONTACT = `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a>`;

function button(path: string, address: string, token: string, label: string): string {
  const action = `${path}?${new URLSearchParams({ address, token }).toString()}`;
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit">${label}</button></form>`;
}

/** What an erasure removes, said the same way wherever it is offered. */
const WHAT_IS_DELETED =
  'your waitlist signup and your place in line, your early-access entry, your app ' +
  'registration, your unsubscribe record and our log of the mails we sent you';

export const INVALID_PAGE: PersonPage = {
  title: 'This data request link is not valid',
  body:
    `<p>Your mail program may have changed the link or cut it short. Open the latest mail from ` +
    `ReelScore and use the links at its bottom, or write to ${CONTACT} and we will send you a ` +
    `copy of your data or delete it.</p>`,
};

/** Both choices, each with what it does; `canMail` false: the address was erased before. */
export function choicePage(
  address: string,
  token: string,
  { canMail }: { canMail: boolean },
): PersonPage {
  const who = `<strong>${escapeHtml(address)}</strong>`;
  const copy = canMail
    ? `<section id="copy"><p><strong>Get a copy of your data.</strong> We mail ${who} a file ` +
      `with everything we hold about it: your waitlist signup (when, from which form, and ` +
      `whether you confirmed it), your early-access entry and app registration if you have ` +
      `them, whether you unsubscribed from our news, the mails we sent you and how they went, ` +
      `and the actions our team recorded about your address.</p>` +
      `${button(`${DATA_REQUEST_PATH}/export`, address, token, 'Send me a copy')}</section>`
    : `<section id="copy"><p>We no longer send mail to ${who}: its data was deleted before, ` +
      `so we cannot mail you a copy. Write to ${CONTACT} if you need one.</p></section>`;
  return {
    title: 'Your data at ReelScore',
    body:
      `<p>You can get a copy of the personal data ReelScore holds about ${who}, or have it ` +
      `deleted.</p>${copy}` +
      `<section id="delete"><p><strong>Delete your data.</strong> This deletes ` +
      `${WHAT_IS_DELETED}, at once and for good. Our record of team actions keeps a one-way ` +
      `fingerprint in place of your address, and we keep that fingerprint so that we never ` +
      `mail you again. It cannot be undone.</p>` +
      `${button(`${DATA_REQUEST_PATH}/erase`, address, token, 'Delete my data')}</section>`,
  };
}

export function sentPage(address: string): PersonPage {
  return {
    title: 'We’ve sent it to your inbox',
    body:
      `<p>A copy of the data ReelScore holds about <strong>${escapeHtml(address)}</strong> is ` +
      `on its way, as a file attached to a mail titled “Your ReelScore data”. It can take a few ` +
      `minutes to arrive; nothing there? Look in the spam folder. Asking again within the hour ` +
      `sends no second copy.</p>${HOME_LINK}`,
  };
}

export function deletedPage(address: string): PersonPage {
  return {
    title: 'Your data is deleted',
    body:
      `<p>We have deleted ${WHAT_IS_DELETED} for <strong>${escapeHtml(address)}</strong>. We ` +
      `keep only a one-way fingerprint of the address, so that we never mail it again: you ` +
      `will get no more mail from ReelScore, not even about this.</p>${HOME_LINK}`,
  };
}

export function alreadyDeletedPage(address: string): PersonPage {
  return {
    title: 'Your data is already deleted',
    body:
      `<p>The data of <strong>${escapeHtml(address)}</strong> was deleted before, and we have ` +
      `held nothing about it since, so this link has nothing more to do. We no longer send ` +
      `mail to this address.</p>${HOME_LINK}`,
  };
}

export function notMailedPage(address: string): PersonPage {
  return {
    title: 'We no longer mail this address',
    body:
      `<p>The data of <strong>${escapeHtml(address)}</strong> was deleted at its owner’s ` +
      `request, and we keep a fingerprint of the address only so as never to mail it again. ` +
      `So we cannot send a copy by mail. Write to ${CONTACT} if you need help.</p>${HOME_LINK}`,
  };
}

export function tooManyPage(message: string): PersonPage {
  return {
    title: 'Too many attempts',
    body:
      `<p class="alert" role="alert">${escapeHtml(message)}</p>` +
      `<p>Wait a moment, then open the link from your mail again.</p>`,
  };
}

export function failedPage(): PersonPage {
  return {
    title: 'Something went wrong on our side',
    body:
      `<p class="alert" role="alert">Your request could not be completed, and nothing was ` +
      `changed. Please try again in a few minutes.</p><p>If it keeps failing, write to ` +
      `${CONTACT} and we will handle it for you.</p>`,
  };
}

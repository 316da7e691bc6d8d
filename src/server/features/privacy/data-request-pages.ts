import { CONTACT_EMAIL, escapeHtml, type PersonPage } from '../../platform/pages/person-page.ts';
import {
  DATA_ERASURE_PATH,
  DATA_REQUEST_PATH,
  ERASURE_CONFIRMATION,
} from '../../platform/links/data-request-token.ts';

const HOME_LINK = `<p><a href="/">Go to the ReelScore home page</a></p>`;
const CONTACT = `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a>`;

/** The signed query of a data-request link, for this page's own links and forms. */
function linkQuery(address: string, token: string): string {
  return new URLSearchParams({ address, token }).toString();
}

function button(path: string, address: string, token: string, label: string): string {
  const action = `${path}?${linkQuery(address, token)}`;
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit">${label}</button></form>`;
}

/**
 * What an erasure removes (erasure-repository.ts `deleteRows`), item by item, said the same way
 * wherever it is offered or done.
 */
const DELETED_ITEMS = [
  'your waitlist signup: when and where you signed up, and your confirmation of it',
  'your place on the early-access list, so the app and the browser extension no longer let you in',
  'your app registration',
  'your choice to stop our news',
  'our record of every mail we sent you',
];

function deletedList(): string {
  return `<ul>${DELETED_ITEMS.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

export const INVALID_PAGE: PersonPage = {
  title: 'This data request link is not valid',
  body:
    `<p>Your mail program may have changed the link or cut it short. Open the latest mail from ` +
    `ReelScore and use the links at its bottom, or write to ${CONTACT} and we will send you a ` +
    `copy of your data or delete it.</p>`,
};

/**
 * The copy link's page: what a copy holds and one button that mails it. Deleting is another
 * page, linked apart at the bottom (a mail's older "Delete your data" link lands here, on
 * `#delete`), so no press here deletes anything. `canMail` false: the address was erased before.
 */
export function copyPage(
  address: string,
  token: string,
  { canMail }: { canMail: boolean },
): PersonPage {
  const who = `<strong>${escapeHtml(address)}</strong>`;
  const copy = canMail
    ? `<section id="copy"><p>We mail ${who} a file with everything we hold about it: your ` +
      `waitlist signup (when, from which form, and whether you confirmed it), your early-access ` +
      `entry and app registration if you have them, whether you unsubscribed from our news, the ` +
      `mails we sent you and how they went, and the actions our team recorded about your ` +
      `address.</p>` +
      `${button(`${DATA_REQUEST_PATH}/export`, address, token, 'Send me a copy')}</section>`
    : `<section id="copy"><p>We no longer send mail to ${who}: its data was deleted before, ` +
      `so we cannot mail you a copy. Write to ${CONTACT} if you need one.</p></section>`;
  const erasure = escapeHtml(`${DATA_ERASURE_PATH}?${linkQuery(address, token)}`);
  return {
    title: 'Get a copy of your data',
    body:
      copy +
      `<section id="delete" class="aside"><p>Want your data deleted instead? ` +
      `<a class="text-link" href="${erasure}">Delete your data</a>. You will be asked to ` +
      `confirm first.</p></section>`,
  };
}

/**
 * The delete link's page: everything that will be gone, said plainly, and the one button that
 * deletes (a POST with `confirm=delete`; opening this page changes nothing), apart from the way
 * out that keeps everything.
 */
export function erasureConfirmPage(address: string, token: string): PersonPage {
  const action = escapeHtml(`${DATA_ERASURE_PATH}?${linkQuery(address, token)}`);
  return {
    title: 'Delete your data?',
    body:
      `<p>This deletes everything ReelScore holds about <strong>${escapeHtml(address)}</strong>, ` +
      `at once and for good:</p>${deletedList()}` +
      `<p>We keep only a one-way fingerprint of the address, so that we never mail it again, ` +
      `not even to confirm this. To join the waitlist later, you would sign up anew, at the ` +
      `back of the line.</p>` +
      `<p class="warning"><strong>This cannot be undone.</strong></p>` +
      `<form method="post" action="${action}" class="danger-zone">` +
      `<input type="hidden" name="confirm" value="${ERASURE_CONFIRMATION}">` +
      `<button type="submit" class="danger">Delete my data</button></form>` +
      `<p><a href="/">Keep my data</a></p>`,
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
      `<p>We have deleted everything we held about <strong>${escapeHtml(address)}</strong>:` +
      `</p>${deletedList()}<p>We keep only a one-way fingerprint of the address, so that we ` +
      `never mail it again: you will get no more mail from ReelScore, not even about this.</p>` +
      HOME_LINK,
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

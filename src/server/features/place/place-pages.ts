import {
  PRODUCTS,
  PRODUCT_LABELS,
  CONFIRMED_SENTENCE,
  CONFIRMED_TITLE,
  type Product,
} from '../../../contract/place.ts';
import { CONTACT_EMAIL, escapeHtml, type PersonPage } from '../../platform/pages/person-page.ts';
import { placePath, PLACE_PATH } from '../../platform/links/place-link.ts';
import { SIGNUP_FORM_ACTION } from '../../../contract/signup-form-post.ts';

/** The person's page and its neighbours, as the server renders them into the site's page. */

const CONTACT = `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a>`;
export const LINK_PATH = `${PLACE_PATH}/link`;
export const PRODUCTS_PATH = `${PLACE_PATH}/products`;
export const MAIL_PATH = `${PLACE_PATH}/mail`;
export const LEAVE_PATH = `${PLACE_PATH}/leave`;

const number = new Intl.NumberFormat('en-GB');

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… with thousands separated. */
export function ordinal(place: number): string {
  const tens = place % 100;
  const ones = place % 10;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : ones === 1
        ? 'st'
        : ones === 2
          ? 'nd'
          : ones === 3
            ? 'rd'
            : 'th';
  return `${number.format(place)}${suffix}`;
}

function plural(count: number, one: string, many: string): string {
  return `${number.format(count)} ${count === 1 ? one : many}`;
}

export const INVALID_PAGE: PersonPage = {
  title: 'This link is not valid',
  body:
    `<p>Your mail program may have changed the link or cut it short, or the link is older than ` +
    `a year. We can mail you a new one.</p>` +
    `<p><a href="${LINK_PATH}">Send me my link again</a></p>`,
};

export const GONE_PAGE: PersonPage = {
  title: 'You are no longer on the waitlist',
  body:
    `<p>This link belonged to a place on the waitlist that is no longer there: it was left or ` +
    `its data deleted. You are welcome to sign up again.</p>` +
    `<p><a href="/signup">Join the waitlist</a></p>`,
};

export function tooManyPage(message: string): PersonPage {
  return {
    title: 'Too many attempts',
    body:
      `<p class="alert" role="alert">${escapeHtml(message)}</p>` +
      `<p>Wait a moment, then open the link from your mail again.</p>`,
  };
}

export const FAILED_PAGE: PersonPage = {
  title: 'Something went wrong on our side',
  body:
    `<p class="alert" role="alert">Your page could not be shown just now. Please open the link ` +
    `again in a few minutes.</p><p>If it keeps failing, write to ${CONTACT}.</p>`,
};

export const UNKNOWN_PRODUCT_MESSAGE =
  'Choose among the iOS app, the Android app, the Chrome extension and the Firefox extension.';

export function unknownProductPage(token: string): PersonPage {
  return {
    title: 'That is not one of our products',
    body:
      `<p class="alert" role="alert">${UNKNOWN_PRODUCT_MESSAGE}</p>` +
      `<p>Nothing was changed.</p><p><a href="${escapeHtml(placePath(token))}">Back to your place</a></p>`,
  };
}

/** What the page shows about the person's links to their data (privacy's signed pages). */
export interface DataLinks {
  unsubscribeUrl: string;
  dataRequestUrl: string;
  dataErasureUrl: string;
}

function footerLinks(token: string, links: DataLinks): string {
  const item = (href: string, label: string) =>
    `<li><a class="text-link" href="${escapeHtml(href)}">${label}</a></li>`;
  return (
    `<nav class="place-footer" aria-label="Your data"><ul>` +
    item(links.unsubscribeUrl, 'Unsubscribe from our news') +
    item(links.dataRequestUrl, 'Get a copy of my data') +
    item(links.dataErasureUrl, 'Delete my data') +
    item(placePath(token, LEAVE_PATH), 'Leave the waitlist') +
    `</ul></nav>`
  );
}

export type Notice = 'confirmed' | 'saved' | 'mail-on' | 'mail-off';

function noticeHtml(notice: Notice | undefined, email: string): string {
  if (notice === 'confirmed') {
    return (
      `<p class="place-notice" role="status"><strong>Thank you:</strong> ` +
      `<strong>${escapeHtml(email)}</strong> ${CONFIRMED_SENTENCE}</p>`
    );
  }
  const text =
    notice === 'saved'
      ? 'Saved. We will keep it in mind when we invite you.'
      : notice === 'mail-on'
        ? 'Saved. We will mail you when you move up, at most once a week.'
        : notice === 'mail-off'
          ? 'Saved. We will not mail you when you move up.'
          : undefined;
  return text ? `<p class="place-notice" role="status">${text}</p>` : '';
}

export interface WaitingView {
  email: string;
  token: string;
  notice: Notice | undefined;
  place: number;
  waiting: number;
  estimate: string;
  referralUrl: string;
  /** Friends who joined by the link and confirmed (credited), and those still to confirm. */
  friendsConfirmed: number;
  friendsPending: number;
  held: number;
  gained: number;
  placesPerFriend: number;
  cap: number;
  wants: readonly Product[];
  /** Undefined when the "you moved up" mail is not offered (MOVED_UP_MAIL off). */
  movedMail: boolean | undefined;
  links: DataLinks;
}

function productsForm(token: string, wants: readonly Product[]): string {
  const boxes = PRODUCTS.map(
    (product) =>
      `<label class="place-choice"><input type="checkbox" name="products" value="${product}"` +
      `${wants.includes(product) ? ' checked' : ''}><span>${PRODUCT_LABELS[product]}</span></label>`,
  ).join('');
  return (
    `<section class="place-section" aria-labelledby="place-products"><h2 id="place-products">What do you want first?</h2>` +
    `<p>We invite people to what they want most first. Choose any you would use.</p>` +
    `<form method="post" action="${escapeHtml(placePath(token, PRODUCTS_PATH))}">` +
    `<fieldset><legend class="place-hidden">Products</legend><div class="place-choices">${boxes}</div></fieldset>` +
    `<input type="hidden" name="products" value="">` +
    `<button type="submit" class="secondary">Save my choice</button></form></section>`
  );
}

function mailToggle(token: string, on: boolean): string {
  const action = escapeHtml(placePath(token, MAIL_PATH));
  return (
    `<section class="place-section" aria-labelledby="place-mail"><h2 id="place-mail">Mail when I move up</h2>` +
    `<p>${on ? 'On: we mail you when you move up, at most once a week.' : 'Off: we do not mail you when you move up.'}</p>` +
    `<form method="post" action="${action}"><input type="hidden" name="moved" value="${on ? 'off' : 'on'}">` +
    `<button type="submit" class="secondary">${on ? 'Turn these mails off' : 'Turn these mails on'}</button></form></section>`
  );
}

export function waitingPage(view: WaitingView): PersonPage {
  const friends =
    `<dl class="place-stats">` +
    `<div><dt>Friends joined</dt><dd>${number.format(view.friendsConfirmed)}</dd></div>` +
    `<div><dt>Still to confirm</dt><dd>${number.format(view.friendsPending)}</dd></div>` +
    `<div><dt>Places gained</dt><dd>${number.format(view.gained)}</dd></div>` +
    `</dl>` +
    (view.held > 0
      ? `<p class="place-held">${number.format(view.held)} waiting for review: we check some ` +
        `referrals by hand before they count.</p>`
      : '');
  const share =
    `<section class="place-section" aria-labelledby="place-share"><h2 id="place-share">Move up with friends</h2>` +
    `<p>Each friend who joins through your link and confirms moves you up ` +
    `${plural(view.placesPerFriend, 'place', 'places')}, for up to ${plural(view.cap, 'friend', 'friends')}.</p>` +
    `<label for="place-link">Your link</label>` +
    `<div class="place-link"><input id="place-link" type="text" readonly value="${escapeHtml(view.referralUrl)}">` +
    `<div class="place-link-actions">` +
    `<button type="button" class="secondary" id="place-copy" hidden>Copy</button>` +
    `<button type="button" class="secondary" id="place-share-button" hidden>Share</button>` +
    `</div></div><p class="place-copied" id="place-copied" role="status" aria-live="polite"></p>` +
    friends +
    `</section>`;
  const body =
    noticeHtml(view.notice, view.email) +
    `<div class="place-hero"><p class="place-rank"><span class="place-number">${ordinal(view.place)}</span>` +
    ` <span class="place-of">of ${number.format(view.waiting)} waiting</span></p>` +
    `<p class="place-estimate">${escapeHtml(view.estimate)}</p></div>` +
    share +
    productsForm(view.token, view.wants) +
    (view.movedMail === undefined ? '' : mailToggle(view.token, view.movedMail)) +
    footerLinks(view.token, view.links);
  // Just confirmed: the page opens with the confirmation's own words.
  return view.notice === 'confirmed'
    ? {
        title: CONFIRMED_TITLE,
        documentTitle: 'Your place in line · ReelScore',
        body,
        script: PLACE_SCRIPT,
      }
    : { title: 'Your place in line', body, script: PLACE_SCRIPT };
}

/**
 * Not confirmed yet: the confirmation mail again, by the signup form's own no-JS post of the
 * address (a known unconfirmed address gets a new confirmation mail, within the signup's limits;
 * the answer is the signup's thank-you page).
 */
export function unconfirmedPage(email: string, token: string, links: DataLinks): PersonPage {
  return {
    title: 'Confirm your address first',
    body:
      `<p><strong>${escapeHtml(email)}</strong> is on the list, but not confirmed yet: your place ` +
      `in line starts when you confirm it with the button in our mail.</p>` +
      `<form method="post" action="${SIGNUP_FORM_ACTION}">` +
      `<input type="hidden" name="email" value="${escapeHtml(email)}">` +
      `<input type="hidden" name="signupType" value="general">` +
      `<button type="submit">Send me the confirmation mail again</button></form>` +
      footerLinks(token, links),
  };
}

export function invitedPage(email: string, token: string, links: DataLinks): PersonPage {
  return {
    title: 'You’re in',
    body:
      `<p>Your invitation is ready. Check your inbox: we sent it to ` +
      `<strong>${escapeHtml(email)}</strong>, with how to get the app and the browser ` +
      `extension. Not there? Look in the spam folder.</p>` +
      footerLinks(token, links),
  };
}

export function leavePage(email: string, token: string): PersonPage {
  return {
    title: 'Leave the waitlist?',
    body:
      `<p>You give up your place in line, and <strong>${escapeHtml(email)}</strong> will not be ` +
      `invited. Friends you brought keep their own places. You can sign up again later, at the ` +
      `back of the line.</p>` +
      `<p>This does not delete your other data (the record of mails we sent you, your choice ` +
      `about our news); <a class="text-link" href="${escapeHtml(placePath(token))}">your page</a> ` +
      `links to deleting it.</p>` +
      `<div class="actions"><form class="danger-zone" method="post" action="${escapeHtml(placePath(token, LEAVE_PATH))}">` +
      `<input type="hidden" name="confirm" value="leave">` +
      `<button type="submit" class="danger">Leave the waitlist</button></form>` +
      `<p><a href="${escapeHtml(placePath(token))}">Keep my place</a></p></div>`,
  };
}

export const LEFT_PAGE: PersonPage = {
  title: 'You have left the waitlist',
  body:
    `<p>Your place is given up and we will not invite you. Changed your mind? Sign up again ` +
    `whenever you like.</p><p><a href="/">Go to the ReelScore home page</a></p>`,
};

export function askLinkPage(message?: string): PersonPage {
  return {
    title: 'Send me my link again',
    body:
      (message ? `<p class="place-notice" role="status">${escapeHtml(message)}</p>` : '') +
      `<p>Enter the address you signed up with. If it is confirmed on our list, we mail it the ` +
      `link to your page.</p>` +
      `<form method="post" action="${LINK_PATH}"><label for="place-email">Email address</label>` +
      `<input id="place-email" name="email" type="email" autocomplete="email" required maxlength="320">` +
      `<button type="submit">Send me my link</button></form>`,
  };
}

export const LINK_SENT_MESSAGE =
  'If that address is confirmed on our waitlist, a mail with the link to your page is on its way. It can take a few minutes.';

/**
 * The page's own small script (allowed by its hash): Copy puts the link on the clipboard, Share
 * opens the device's share sheet where the browser has one. Without it the link is still there
 * to select; the buttons stay hidden.
 */
export const PLACE_SCRIPT = `(function(){var i=document.getElementById('place-link');if(!i)return;var c=document.getElementById('place-copy'),s=document.getElementById('place-share-button'),o=document.getElementById('place-copied');i.addEventListener('focus',function(){i.select()});if(c&&navigator.clipboard){c.hidden=false;c.addEventListener('click',function(){navigator.clipboard.writeText(i.value).then(function(){o.textContent='Link copied';c.textContent='Copied'},function(){i.select();o.textContent='Select the link and copy it'})})}if(s&&navigator.share){s.hidden=false;s.addEventListener('click',function(){navigator.share({title:'ReelScore',text:'Join me on the ReelScore waitlist',url:i.value}).catch(function(){})})}})();`;

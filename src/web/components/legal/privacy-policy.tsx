import { Link } from 'react-router';
import { ConsentSettingsButton } from '../../features/consent/consent-settings-button.tsx';
import { pages } from '../../route-table.ts';
import { site } from '../../site-config.ts';
import { legalFacts, supervisoryAuthority } from './legal-facts.ts';
import { ContactEmail, ExternalLink } from './legal-links.tsx';
import type { LegalSection } from './legal-page.tsx';

const { company } = site;
const imy = supervisoryAuthority;

export const privacyIntro = (
  <p>
    This policy explains how {company.name} handles your personal data when you visit our website,
    join the early-access waitlist, or use the {site.name} mobile app (now in closed alpha) and the{' '}
    {site.name} browser extension. We collect as little as we can, we never sell your data, and
    analytics run only if you say yes.
  </p>
);

export const privacySections: readonly LegalSection[] = [
  {
    id: 'controller',
    title: 'Who we are',
    content: (
      <>
        <p>
          {company.name} (“{site.name}”, “we”, “us”) is a company based in {company.city},{' '}
          {company.country}. We are the controller of the personal data described in this policy,
          which means we decide why and how it is processed and we are responsible for it under the
          EU General Data Protection Regulation (GDPR) and Swedish data protection law.
        </p>
        <p>
          For anything about your personal data, write to us at <ContactEmail />. The people
          responsible for data protection at {site.name} read that mailbox.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we collect',
    content: (
      <>
        <h3>When you join the early-access waitlist</h3>
        <ul>
          <li>Your email address.</li>
          <li>
            Which signup form you used (for example the one on the home page, the signup page, the
            app page or the extension page) and when you signed up.
          </li>
          <li>
            Whether and when you confirmed your address with the link in the confirmation email we
            send when you sign up, and whether you unsubscribed from our news.
          </li>
          <li>
            When you got early access, and when the app first registered your address, if it has.
          </li>
          <li>
            A record of each email we send you: which email, when, and whether it was delivered.
          </li>
        </ul>

        <h3>Your place in line and referrals</h3>
        <ul>
          <li>
            Your place in line: the order you signed up in, and the places friends who joined
            through your link moved you forward.
          </li>
          <li>Which of our products you want first, if you tell us on your page.</li>
          <li>
            Your referral code: random letters, made the first time you need your link, that say
            nothing about you.
          </li>
          <li>
            Which signups came through your link, and whether each was credited, is waiting for its
            address to be confirmed, or is held for our team to review. You see only how many, never
            your friends’ addresses, and they see nothing of yours.
          </li>
          <li>
            The network you last confirmed your address or opened your page from, so we can tell a
            referral from your own network: only a keyed hash of its first part (the /24 of an IPv4
            address, the /64 of an IPv6 address), never your IP address itself. We clear it after{' '}
            {legalFacts.referralNetworkDays} days.
          </li>
          <li>
            Whether you turned off the weekly email that tells you when you moved up, and when the
            last one went out with the place it told you.
          </li>
        </ul>
        <p>
          Every email we send is first written to a queue (an “outbox”) in our own database, in the
          same step as the change that causes it, such as your signup. From there our email delivery
          provider sends it, so that no email is lost. The outbox is where the record of your emails
          comes from; it does not keep the links inside them.
        </p>
        <p>
          The website has no visitor accounts and no login. You do not need to give us your name.
        </p>

        <h3>When you use the app or the browser extension</h3>
        <ul>
          <li>
            <strong>Account data:</strong> your email address, username and password. We store the
            password only as a salted hash, so nobody at {site.name} can read it.
          </li>
          <li>
            <strong>Scan and search history:</strong> the titles you scan with your phone or search
            for, and when. The camera image is used only to recognise the title; we do not keep it.
          </li>
          <li>
            <strong>Ratings:</strong> the ratings you give, the titles you mark as watched, and the
            watch history and recommendations we build from them.
          </li>
          <li>
            <strong>Preferences:</strong> your settings, such as which ratings to show, and your
            plan.
          </li>
        </ul>

        <h3>When you contact us</h3>
        <p>
          Your email address, what you write to us and our replies, so that we can help you and keep
          track of the conversation.
        </p>

        <h3>Technical data</h3>
        <p>
          Like every website, our servers receive your IP address, your browser’s user agent and the
          address of the page you asked for. We use them to deliver the page, to protect the service
          from abuse (for example by limiting how often one address can submit the signup form) and
          to find and fix errors.
        </p>

        <h3>Analytics, only with your consent</h3>
        <p>
          If you accept analytics cookies, we measure how the website is used with Google Analytics
          4. See <a href="#cookies">Analytics and cookies</a> for exactly what that means.
        </p>

        <p>
          We do not sell personal data, we do not share it for advertising, and we do not buy data
          about you from others.
        </p>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'Why we use it and our legal bases',
    content: (
      <>
        <p>
          The GDPR allows us to use personal data only with a legal basis. These are ours, purpose
          by purpose:
        </p>
        <ul>
          <li>
            <strong>Running the waitlist</strong>, sending your invitation and early-access news:{' '}
            <strong>consent</strong> (GDPR art. 6(1)(a)). You give it by signing up and confirming
            your address with the link we email you, and can withdraw it at any time with the
            unsubscribe link in every email or by writing to us.
          </li>
          <li>
            <strong>Never emailing you again after you delete your data</strong>, by keeping a
            one-way fingerprint of your address: our <strong>legitimate interest</strong> in
            respecting your request (art. 6(1)(f)).
          </li>
          <li>
            <strong>Providing the app and the extension</strong>: your account, scan history,
            ratings, watch history, recommendations, preferences and plan, and the service emails
            that go with them (such as password resets): <strong>contract</strong> (art. 6(1)(b)).
          </li>
          <li>
            <strong>Billing, once paid plans launch</strong>: <strong>contract</strong>; keeping our
            bookkeeping records is a <strong>legal obligation</strong> (art. 6(1)(c)) under the
            Swedish Accounting Act.
          </li>
          <li>
            <strong>Answering support requests</strong>: <strong>contract</strong> when you are a
            user, otherwise our <strong>legitimate interest</strong> in answering the people who
            write to us (art. 6(1)(f)).
          </li>
          <li>
            <strong>Security and abuse prevention</strong>: rate limits, logs, and detecting fraud
            and misuse, such as referrals from the referrer’s own network or in sudden bursts, which
            our team reviews rather than refuses: <strong>legitimate interest</strong> in keeping
            the service and your data safe, and the waitlist fair.
          </li>
          <li>
            <strong>Improving the product</strong> with aggregated statistics from our own service,
            such as how many scans succeed: <strong>legitimate interest</strong>.
          </li>
          <li>
            <strong>Website analytics</strong> with Google Analytics 4: <strong>consent</strong>,
            asked for before anything is measured.
          </li>
        </ul>
        <p>
          Where we rely on legitimate interest, we have weighed it against your interests and
          rights, and you may object (see <a href="#your-rights">Your rights</a>). We do not make
          decisions about you by automated means that have legal or similarly significant effects;
          recommendations only suggest what you might like to watch.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Analytics and cookies',
    content: (
      <>
        <p>
          We set or read cookies and similar browser storage only when the Swedish Electronic
          Communications Act and the GDPR allow it:
        </p>
        <ul>
          <li>
            <strong>Strictly necessary storage</strong>, which needs no consent: a record of your
            cookie choice kept in your browser so we do not ask again on every page, and, for{' '}
            {site.name} staff who sign in to our administration pages, a session cookie.
          </li>
          <li>
            <strong>Analytics cookies</strong>, only after you accept: Google Analytics sets the
            cookies <code>_ga</code> and <code>_ga_&lt;id&gt;</code>, which tell visits apart and
            expire after at most 2 years.
          </li>
        </ul>
        <p>
          We use Google Analytics 4, provided by Google Ireland Limited, with Google Consent Mode.
          Until you accept, and whenever you decline, the analytics script is not loaded, no
          analytics cookies are set and nothing is sent to Google. After you accept, we measure the
          pages you view and events such as clicks on our buttons, form submissions (whether they
          succeeded, never the address you typed) and technical errors, together with your device
          and browser type and an approximate location. Google Analytics 4 does not log or store IP
          addresses: your IP address is anonymised and used only to derive that approximate
          location. Google signals and advertising features are switched off, and analytics data is
          never linked to your email address or your {site.name} account. Analytics data is
          anonymised after {legalFacts.analyticsAnonymisedAfterMonths} months.
        </p>
        <p>
          <strong>Changing your choice.</strong> You can change or withdraw your consent at any
          time, as easily as you gave it. Withdrawing stops further measurement and deletes the
          analytics cookies; it does not affect what was measured before. You can also delete this
          site’s cookies and stored data in your browser settings, and we will ask you again on your
          next visit. If your browser sends a Global Privacy Control signal, we treat it as a
          refusal.
        </p>
        <p>
          <ConsentSettingsButton />
        </p>
      </>
    ),
  },
  {
    id: 'browser-extension',
    title: 'The browser extension',
    content: (
      <>
        <p>
          The {site.name} extension for Chrome and Firefox is built privacy-first.{' '}
          <strong>It does not track your viewing habits.</strong> It reads the titles shown on
          supported streaming pages, inside your browser, only to display their ratings next to
          them. To look up a rating it sends us the title, not the address of the page you are on,
          your browsing history or what you watch, and those look-ups are not stored as a viewing
          history.
        </p>
        <p>
          Your extension settings, such as which ratings to show, are kept in your browser’s
          extension storage. The extension runs only on the streaming sites it supports and asks
          only for the browser permissions it needs to work there. Uninstalling it removes it and
          its settings from your browser.
        </p>
      </>
    ),
  },
  {
    id: 'recipients',
    title: 'Who we share it with',
    content: (
      <>
        <p>
          We share personal data only with the service providers we need to run {site.name}. They
          are processors: they act on our documented instructions under a data processing agreement
          (GDPR art. 28) and may not use your data for their own purposes.
        </p>
        <ul>
          <li>
            <strong>Hosting and infrastructure providers</strong> that run our servers, database and
            backups.
          </li>
          <li>
            <strong>An email delivery provider</strong> that sends our invitations, service emails
            and replies.
          </li>
          <li>
            <strong>Google</strong>, for Google Analytics, and only after you have consented.
          </li>
          <li>
            <strong>A payment provider</strong>, once paid plans launch. You enter your card details
            directly with them; we never see or store your full card number.
          </li>
        </ul>
        <p>
          When you download the app from the App Store or Google Play, or the extension from the
          Chrome Web Store or Firefox Add-ons, the store processes your data as its own controller
          under its own privacy policy.
        </p>
        <p>
          We may also disclose data when the law requires it (for example to a court or an
          authority), to our professional advisers under confidentiality, or to a buyer of our
          business, who would then be bound by this policy.
        </p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    content: (
      <>
        <p>
          We aim to keep personal data within the European Economic Area (EEA). Some providers, such
          as Google, may process data in the United States or other countries outside the EEA. We
          transfer data outside the EEA only with a safeguard the GDPR recognises:
        </p>
        <ul>
          <li>
            an adequacy decision of the European Commission, including the EU-U.S. Data Privacy
            Framework for companies certified under it; or
          </li>
          <li>
            the European Commission’s Standard Contractual Clauses, together with additional
            measures such as encryption in transit where they are needed.
          </li>
        </ul>
        <p>
          You may ask us for a copy of the safeguards that apply to your data at <ContactEmail />.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <p>We keep personal data only as long as we need it for the purposes above:</p>
        <ul>
          <li>
            <strong>Account data</strong> (email address, username, password, search and scan
            history, ratings and preferences): until you delete your account, plus{' '}
            {legalFacts.accountDeletionGraceDays} days. The extra days let backups expire and let us
            restore an account deleted by mistake; then the data is deleted.
          </li>
          <li>
            <strong>Waitlist data</strong> (your email address, the form it came from, your
            confirmation, early access and app registration, and the record of the emails we sent
            you): until you delete it with the link in any of our emails or ask us to. Unsubscribing
            stops our news and invitations but keeps this data. When you create an account, your
            waitlist data becomes part of your account data.
          </li>
          <li>
            <strong>Place in line and referrals</strong> (your place, the products you want first,
            your referral code and the referrals credited to you): as long as your waitlist data.
            Deleting your data removes your code, your credits and the record of friends who joined
            through your link; friends keep their own places.
          </li>
          <li>
            <strong>Your network for the referral checks</strong> (a keyed hash of its first part):{' '}
            {legalFacts.referralNetworkDays} days, then cleared.
          </li>
          <li>
            <strong>After you delete your data</strong>: only a one-way fingerprint of your email
            address (a keyed hash, which cannot be turned back into the address), for as long as we
            send email, so that we never email you again. Our log of administrative actions keeps
            that fingerprint in place of your address. Copies in our backups expire within{' '}
            {legalFacts.accountDeletionGraceDays} days.
          </li>
          <li>
            <strong>Analytics data</strong>: anonymised after{' '}
            {legalFacts.analyticsAnonymisedAfterMonths} months.
          </li>
          <li>
            <strong>Support communications</strong>: up to {legalFacts.supportRetentionYears} years.
          </li>
          <li>
            <strong>Billing records</strong>, once paid plans launch:{' '}
            {legalFacts.billingRecordRetentionYears} years, as the Swedish Accounting Act requires.
          </li>
          <li>
            <strong>Server logs</strong>: only as long as we need them to investigate security
            incidents and errors, then deleted.
          </li>
        </ul>
        <p>
          <strong>Our record of who did what.</strong> Our log of administrative actions shows which
          member of the {site.name} team did what, and when. After you delete your data it names you
          only by the fingerprint, and the searches and exports our team makes are logged without
          the addresses they looked for. If you are on our team yourself, deleting your waitlist
          data does not take your name off the actions you took: everyone who can see personal data
          must stay accountable for what they did with it, we need that record to show that we keep
          personal data safe as the law requires, and to defend ourselves against legal claims. The
          GDPR allows us to keep it for those reasons (art. 17(3)(b) and (e)).
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under the GDPR you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> your personal data and get a copy of it;
          </li>
          <li>
            have inaccurate data corrected (<strong>rectification</strong>);
          </li>
          <li>
            have your data deleted (<strong>erasure</strong>);
          </li>
          <li>
            <strong>restrict</strong> how we use your data, for example while we check a complaint;
          </li>
          <li>
            receive the data you gave us in a machine-readable format and have it sent to another
            service (<strong>portability</strong>);
          </li>
          <li>
            <strong>object</strong> to processing based on our legitimate interest, and to direct
            marketing at any time;
          </li>
          <li>
            <strong>withdraw your consent</strong> at any time, without affecting what we did before
            you withdrew it.
          </li>
        </ul>
        <p>
          <strong>A copy or deletion, straight from any email.</strong> Every email we send has two
          links at the bottom: “Get a copy of your data” and “Delete your data”. They open a page on
          our website for the address the email was sent to; nothing happens until you press its
          button. A copy goes by email to that address only, as a file (in JSON, a common
          machine-readable format) with the data our website and waitlist hold about it. Deletion
          takes effect at once: it removes your signup and your place in line, your early-access
          entry, your app registration, your unsubscribe record and the record of the emails we sent
          you, and no email is sent afterwards, not even to confirm it. For the data in your app
          account, write to us.
        </p>
        <p>
          To use any of these rights, email <ContactEmail /> from the address you use with us. We
          may ask you to confirm your identity before we act. Using your rights is free, and we
          answer every request within {legalFacts.requestResponseDays} days. If a request is
          unusually complex, we will tell you within those {legalFacts.requestResponseDays} days why
          we need longer.
        </p>
        <p>
          You also have the right to complain to the {imy.name} ({imy.localName}, {imy.abbreviation}
          ), <ExternalLink href={imy.url}>imy.se</ExternalLink>, or to the data protection authority
          where you live or work. We would appreciate the chance to put things right first, so
          please contact us too.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        {site.name} is not meant for children under {site.minimumAge}, and you must be at least{' '}
        {site.minimumAge} years old to join the waitlist or create an account. We do not knowingly
        collect personal data from children under {site.minimumAge}. If you believe a child under{' '}
        {site.minimumAge} has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect your data',
    content: (
      <>
        <p>
          We protect personal data with technical and organisational measures suited to the risk:
          encrypted connections (HTTPS) everywhere, passwords stored only as salted hashes, access
          limited to the staff who need it, protected sign-in for our administration pages, a log of
          administrative actions, rate limits against abuse, and prompt security updates.
        </p>
        <p>
          No system is perfectly secure. If a personal data breach is likely to put your rights at
          risk, we will report it to {imy.abbreviation} within 72 hours and tell you without undue
          delay when the risk to you is high.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We update this policy when our services or the law change, and show the date of the latest
        version at the top of this page. If a change matters to how we use your data, we will tell
        you by email or in the app before it takes effect, and ask for your consent again where the
        law requires it. Our <Link to={pages.terms.path}>Terms of Service</Link> explain the rules
        for using {site.name}.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        {company.name}, {company.city}, {company.country}
        <br />
        Email: <ContactEmail />
      </p>
    ),
  },
];

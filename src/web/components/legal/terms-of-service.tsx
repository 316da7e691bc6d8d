import { Link } from 'react-router';
import { pages } from '../../route-table.ts';
import { plans, site } from '../../site-config.ts';
import { legalFacts } from './legal-facts.ts';
import { ContactEmail } from './legal-links.tsx';
import type { LegalSection } from './legal-page.tsx';

const { company } = site;
const planNames = plans
  .map((plan) => plan.name)
  .join(', ')
  .replace(/, (?=[^,]*$)/, ' and ');

export const termsIntro = (
  <p>
    These terms are the agreement between you and {company.name} for using the {site.name} mobile
    app, the {site.name} browser extension and this website. Please read them: they are written to
    be understood, and they explain what you can expect from us and what we expect from you.
  </p>
);

export const termsSections: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    content: (
      <>
        <p>
          {site.name} is provided by {company.name}, a company based in {company.city},{' '}
          {company.country} (“{site.name}”, “we”, “us”). By joining the waitlist, creating an
          account, or using the app, the extension or the website, you accept these terms. If you do
          not accept them, please do not use {site.name}.
        </p>
        <p>
          Our <Link to={pages.privacy.path}>Privacy Policy</Link> explains how we handle your
          personal data and is part of how we provide the service.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use ReelScore',
    content: (
      <p>
        You must be at least {site.minimumAge} years old to use {site.name}, join the waitlist or
        create an account. If you are under the age of majority where you live, you confirm that a
        parent or guardian has read and agreed to these terms with you. You may not use {site.name}{' '}
        if we have closed your account for breaking these terms before.
      </p>
    ),
  },
  {
    id: 'closed-alpha',
    title: 'The closed alpha',
    content: (
      <>
        <p>
          {site.name} is in closed alpha: an early version that we are building together with its
          first users.
        </p>
        <ul>
          <li>
            <strong>It is free.</strong> The closed alpha costs nothing and needs no credit card. We
            will never charge you for anything unless you have chosen a paid plan and agreed to its
            price.
          </li>
          <li>
            <strong>Access comes in waves.</strong> When you join the waitlist we send invitations
            by email, usually within {legalFacts.invitationWeeks} weeks. Joining the waitlist does
            not guarantee access, and we may limit how many people join each wave.
          </li>
          <li>
            <strong>Features may change.</strong> Alpha software is unfinished. Features may change,
            move to a paid plan, or be removed, and the service may sometimes be slow, unavailable
            or wrong. We will tell you in advance about changes that affect your data.
          </li>
          <li>
            <strong>Your feedback helps.</strong> If you send us ideas or feedback, we may use them
            to improve {site.name} without owing you anything for them.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>Give us accurate information and keep your email address up to date.</li>
        <li>
          Keep your password secret and do not share your account. You are responsible for what
          happens under your account unless it happens because of our fault.
        </li>
        <li>
          Tell us at once at <ContactEmail /> if you believe someone else has used your account.
        </li>
        <li>
          You can delete your account at any time by writing to us. What happens to your data then
          is explained in our <Link to={`${pages.privacy.path}#retention`}>Privacy Policy</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>Use {site.name} for your own viewing decisions, lawfully and fairly. You may not:</p>
        <ul>
          <li>
            copy, scrape or harvest ratings or other data from {site.name} by automated means,
            except through an API access we have given you;
          </li>
          <li>get around scan limits, plan limits, rate limits or security measures;</li>
          <li>
            reverse engineer, decompile or modify the app or the extension, except where the law
            allows it;
          </li>
          <li>overload, disrupt or probe our systems, or spread malware through them;</li>
          <li>
            post ratings or other content that is unlawful, misleading, infringes someone else’s
            rights, or is meant to manipulate ratings;
          </li>
          <li>impersonate others, or create accounts in bulk or with false details;</li>
          <li>resell or sublicense {site.name} without our written permission.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'plans-and-billing',
    title: 'Plans and billing',
    content: (
      <>
        <p>
          After the closed alpha, {site.name} will offer the {planNames} plans described on our{' '}
          <Link to={pages.pricing.path}>pricing page</Link>. These rules will apply to them:
        </p>
        <ul>
          <li>
            <strong>Free plan:</strong> includes {legalFacts.freeScansPerDay} mobile scans per day.
            The limit resets the next day; unused scans do not carry over.
          </li>
          <li>
            <strong>Paid plans</strong> are billed in advance, monthly or yearly, and renew
            automatically until you cancel. Annual billing gets a {legalFacts.annualDiscountPercent}
            % discount on the monthly price. Prices include VAT where it applies, and we show the
            full price before you pay.
          </li>
          <li>
            <strong>Changing plans:</strong> you can upgrade, downgrade or cancel at any time, and
            the change takes effect immediately. We adjust what you pay for the current billing
            period in proportion to the time that is left.
          </li>
          <li>
            <strong>Money-back guarantee:</strong> every paid plan has a{' '}
            {legalFacts.moneyBackGuaranteeDays}-day money-back guarantee. If you are not happy,
            write to us within {legalFacts.moneyBackGuaranteeDays} days of your first payment for
            that plan and we will refund it in full.
          </li>
          <li>
            <strong>Price changes:</strong> we will tell you about a new price before it applies to
            your next billing period, and you can cancel before it does.
          </li>
        </ul>
        <p>
          If you are a consumer, these rules come on top of your rights under consumer law,
          including your right of withdrawal under the Swedish Distance and Off-Premises Contracts
          Act; they never take those rights away.
        </p>
      </>
    ),
  },
  {
    id: 'ratings-content',
    title: 'Ratings and other content',
    content: (
      <>
        <p>
          The ratings {site.name} shows, such as the {site.ratingSources.community.toLowerCase()}{' '}
          and the {site.ratingSources.critics.toLowerCase()}, come from third-party sources. We show
          them <strong>as is</strong>: we do not control them, we cannot guarantee that they are
          accurate, complete or up to date, and a title may sometimes be recognised wrongly. Their
          names and trademarks belong to their owners, who do not endorse {site.name}.
        </p>
        <p>
          When you rate a title or send other content, you keep your rights in it and give us a
          worldwide, non-exclusive, royalty-free licence to store, show and combine it with other
          ratings in order to run and improve {site.name}, for as long as the content is on{' '}
          {site.name}. We may remove content that breaks these terms.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <p>
        The app, the extension, the website, our software, design, text and the {site.name} name and
        logo belong to {company.name} or our licensors and are protected by law. We give you a
        personal, non-exclusive, non-transferable licence to use them under these terms, for as long
        as you may use {site.name}. Movie titles, posters and other works shown in {site.name}{' '}
        belong to their respective owners.
      </p>
    ),
  },
  {
    id: 'browser-extension',
    title: 'The browser extension',
    content: (
      <>
        <p>
          The {site.name} extension for Chrome and Firefox shows ratings next to titles on supported
          streaming sites. It does not track your viewing habits; our{' '}
          <Link to={`${pages.privacy.path}#browser-extension`}>Privacy Policy</Link> explains
          exactly what it reads and sends.
        </p>
        <p>
          You install the extension from the Chrome Web Store or Firefox Add-ons, whose own terms
          also apply. It updates automatically through your browser, and you can uninstall it at any
          time. Streaming sites change their pages without warning, so ratings may occasionally not
          appear until we update the extension. {site.name} is not affiliated with the streaming
          services it works with.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    content: (
      <>
        <p>
          You may stop using {site.name} and delete your account at any time. We may suspend or
          close your account if you seriously or repeatedly break these terms, if the law requires
          it, or to protect other users or the service. Unless the law or a security risk prevents
          it, we will tell you why and give you the chance to respond.
        </p>
        <p>
          We may also end the closed alpha or discontinue {site.name}. We will give you reasonable
          notice, and refund any prepaid amount for the time you can no longer use. Sections that by
          their nature should continue, such as those on liability and disputes, survive
          termination.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    content: (
      <p>
        {site.name} is provided “as is” and “as available”, especially during the closed alpha. To
        the extent the law allows, we make no promises that it will be uninterrupted, error-free or
        suitable for a particular purpose, or that ratings are accurate. Ratings are opinions that
        help you choose what to watch; they are not professional advice. Nothing in these terms
        limits the rights you have as a consumer under mandatory law.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <>
        <p>
          To the extent the law allows, {company.name} is not liable for indirect or consequential
          loss, such as lost profit or lost data, and our total liability to you for any claim is
          limited to the amount you paid us in the twelve months before the claim arose.
        </p>
        <p>
          These limits do not apply to loss caused by our intent or gross negligence, to death or
          personal injury, or to any liability that cannot be limited under mandatory law, including
          consumer law.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    content: (
      <>
        <p>
          These terms are governed by <strong>Swedish law</strong>, without regard to its
          conflict-of-law rules. If we cannot settle a dispute with you informally, it will be
          finally resolved by <strong>arbitration in Sweden</strong>, administered by the SCC
          Arbitration Institute under its Rules for Expedited Arbitrations, with the seat of
          arbitration in {company.city} and proceedings in English.
        </p>
        <p>
          If you are a consumer, you keep the protection of the mandatory consumer law of the
          country where you live, and you may instead bring a dispute before the courts of Sweden or
          of that country, or before the Swedish National Board for Consumer Disputes (Allmänna
          reklamationsnämnden).
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms as {site.name} grows, for example when paid plans launch. We show
        the date of the latest version at the top of this page. If a change matters to you, we will
        tell you by email or in the app before it takes effect. If you do not agree, you can stop
        using {site.name} and delete your account; if you keep using it after the change takes
        effect, the new terms apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about these terms? Write to {company.name}, {company.city}, {company.country}, at{' '}
        <ContactEmail />.
      </p>
    ),
  },
];

/**
 * The numbers our privacy policy and terms promise (spec section 9, "Legal claims" and the
 * pricing FAQ). The pages read them from here, so a promise is changed in one place.
 */
export const legalFacts = {
  /** Account data is deleted this many days after the account is deleted. */
  accountDeletionGraceDays: 30,
  /** Analytics data is anonymised after this many months. */
  analyticsAnonymisedAfterMonths: 24,
  /** Support conversations are kept for at most this many years. */
  supportRetentionYears: 2,
  /** The network kept for the waitlist's referral checks (a keyed hash) is cleared after this. */
  referralNetworkDays: 30,
  /** We answer every privacy request within this many days. */
  requestResponseDays: 30,
  /** Bookkeeping records, as the Swedish Accounting Act requires. */
  billingRecordRetentionYears: 7,
  /** Paid plans: full refund when asked for within this many days of the first payment. */
  moneyBackGuaranteeDays: 30,
  /** Discount on the yearly price of a paid plan. */
  annualDiscountPercent: 20,
  /** Scans a day on the Free plan; the count starts again the next day. */
  freeScansPerDay: 10,
  /** How soon the waitlist's invitations usually go out (signup FAQ). */
  invitationWeeks: '1-2',
} as const;

/** The Swedish data protection authority, where anyone may complain about our handling. */
export const supervisoryAuthority = {
  name: 'Swedish Authority for Privacy Protection',
  localName: 'Integritetsskyddsmyndigheten',
  abbreviation: 'IMY',
  url: 'https://www.imy.se',
} as const;

/**
 * The first part of the list queries' keys: the lists load them, and any feature whose change
 * shows in the lists (a wave, a whitelist change, an import, an erasure) marks them stale.
 */
export const SIGNUPS_KEY = 'signups';
export const USERS_KEY = 'users';
/** The figures above the lists. */
export const COUNTS_KEY = 'counts';
export const AUDIT_KEY = 'audit';
/** One address at a glance (the person panel): any change to an address marks it stale. */
export const PERSON_KEY = 'person';

/**
 * The first part of the list queries' keys: the lists load them, and any feature whose change
 * shows in the lists (a wave, a whitelist change) marks them stale.
 */
export const SIGNUPS_KEY = 'signups';
export const USERS_KEY = 'users';

/**
 * What a change does to the lists in the query cache: a whitelist change shows on every loaded
 * page at once, and the queries it touches are loaded again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SignupsResponse, UsersResponse } from '../../../../../contract/admin.ts';
import { AUDIT_KEY, COUNTS_KEY, PERSON_KEY, SIGNUPS_KEY, USERS_KEY } from './list-keys.ts';

/** Every loaded page of both lists shows the address's new whitelist state at once. */
export function setWhitelistedEverywhere(client: QueryClient, email: string, listed: boolean) {
  client.setQueriesData<SignupsResponse>({ queryKey: [SIGNUPS_KEY] }, (data) =>
    data
      ? {
          ...data,
          signups: data.signups.map((row) =>
            row.email === email ? { ...row, isWhitelisted: listed } : row,
          ),
        }
      : data,
  );
  client.setQueriesData<UsersResponse>({ queryKey: [USERS_KEY] }, (data) =>
    data
      ? {
          ...data,
          users: data.users.map((row) =>
            row.email === email ? { ...row, isWhitelisted: listed } : row,
          ),
        }
      : data,
  );
}

/**
 * After a change the rows already show: the figures, the audit log and the person panel are
 * loaded again.
 */
export function markInsightsStale(client: QueryClient) {
  void client.invalidateQueries({ queryKey: [COUNTS_KEY] });
  void client.invalidateQueries({ queryKey: [AUDIT_KEY] });
  void client.invalidateQueries({ queryKey: [PERSON_KEY] });
}

/** After a change to any number of rows: both lists, the figures and the audit log load again. */
export function markListsStale(client: QueryClient) {
  void client.invalidateQueries({ queryKey: [SIGNUPS_KEY] });
  void client.invalidateQueries({ queryKey: [USERS_KEY] });
  markInsightsStale(client);
}

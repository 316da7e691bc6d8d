/** What both lists share in the query cache: a whitelist change shows on every loaded page. */
import type { QueryClient } from '@tanstack/react-query';
import type { SignupsResponse, UsersResponse } from '../../../../../contract/admin.ts';
import { SIGNUPS_KEY } from './get-signups.ts';
import { USERS_KEY } from './get-users.ts';

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
